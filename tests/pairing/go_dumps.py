"""OpenGotha's per-pair cost dumps (``<name>_weights_R<N>.txt`` of Pairgoth's fixtures)."""

from __future__ import annotations

from pathlib import Path


def read_dump(path: Path) -> list[dict[str, str | int]]:
    """One dict per pair: ``p1``, ``p2`` (name and first name) and the eleven cost fields."""
    pairs: list[dict[str, str | int]] = []
    current: dict[str, str | int] = {}
    for line in path.read_text(encoding="utf-8").splitlines()[2:]:
        if "=" not in line:
            continue
        key, value = line.split("=", 1)
        if key == "Player1Name":
            current = {"p1": value}
        elif key == "Player2Name":
            current["p2"] = value
        else:
            current[key] = int(value)
            if key == "totalCost":
                pairs.append(current)
    return pairs
