"""Plain help screens: no type labels on flags, usage lines as ``PATH...``.

Typer 0.2x labels every option with its type (``--json <bool>``) and writes required
arguments in braces (``{PATH...}...``). A flag takes no value, so its label is noise, and
the braces are not the usage convention. `plain_help` changes both, once, for the whole app.
"""

from __future__ import annotations

from typing import Any

import typer.core


def plain_help() -> None:
    """Hide the type label of flags; write arguments ``NAME``, ``[NAME]``, ``NAME...``
    (upper case unless a metavar says otherwise)."""
    option = getattr(typer.core, "TyperOption", None)
    argument = getattr(typer.core, "TyperArgument", None)
    if option is not None and hasattr(option, "display_type_rich"):
        labelled = option.display_type_rich

        def display_type_rich(self: Any, ctx: Any) -> str | None:
            if getattr(self, "is_bool_flag", False):
                return None
            result: str | None = labelled(self, ctx)
            return result

        option.display_type_rich = display_type_rich
    if argument is not None and hasattr(argument, "_usage_display_name"):

        def usage_name(self: Any) -> str:
            raw = self.metavar if self.metavar is not None else str(self.name).upper()
            name = str(raw).removesuffix("...")
            shown = name if self.required else f"[{name}]"
            return f"{shown}..." if self.nargs != 1 else shown

        argument._usage_display_name = usage_name
