"""The exception hierarchy: one root, one base per layer, a one-line docstring each.

Foreign errors (sqlite3, scipy, ...) are translated into these at the layer boundary, so the
CLI and the web catch only `RatinglistError` and a traceback always means a bug.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark an error's message for the catalogue (extracted, translated where it is shown);
    the layers below `ratinglist.i18n` import it from here."""
    return message


class RatinglistError(Exception):
    """Root of every error this package raises on purpose.

    Raised with a catalogue message and its named parameters,
    ``NotAllowedNow(N_("round %(n)s is not paired yet"), n=3)``, or with a plain text.
    ``str(exc)`` is the English text (for the CLI and the logs); `message` and `params` let
    the web translate it into the reader's language (`ratinglist.i18n.messages`)."""

    def __init__(self, message: object = "", /, *args: object, **params: object) -> None:
        text = str(message)
        self.message = text
        self.params: dict[str, object] = params
        super().__init__(text % params if params else text, *args)


class Phrase:
    """A part of a message with its own catalogue entry and parameters (a hint, a clause),
    passed as a parameter of an error: ``str()`` is its English text, and the web translates
    it with the message it is part of."""

    __slots__ = ("message", "params")

    def __init__(self, message: str, /, **params: object) -> None:
        self.message = message
        self.params = params

    def __str__(self) -> str:
        return self.message % self.params if self.params else self.message

    def __repr__(self) -> str:
        return f"Phrase({self.message!r}, **{self.params!r})"


class GoRankError(RatinglistError):
    """A text is not a Go rank, or a rank or rating is out of range."""


class InputError(RatinglistError):
    """A value typed by a user (a date, a number, a choice) could not be read."""


class FormatError(RatinglistError):
    """A text format (results file, players list) could not be read or written."""


class ResultsFileError(FormatError):
    """A .ELO results file has an error (raised in strict mode, on the first error)."""


class PlayersListError(FormatError):
    """A Papp players list could not be read."""


class OpenGothaError(FormatError):
    """An OpenGotha XML tournament file could not be read."""


class RegistryError(RatinglistError):
    """The player registry refused an operation (unknown ID, range exhausted, bad merge)."""


class StoreError(RatinglistError):
    """The database could not be opened, migrated, read or written."""


class RatingError(RatinglistError):
    """A rating list cannot be computed from the given games and parameters."""


class PairingError(RatinglistError):
    """No valid pairing exists under the hard constraints."""


class TournamentError(RatinglistError):
    """A tournament action was refused (the base of the three kinds below; the web answers 400
    for a bare one)."""


class TournamentInputError(TournamentError):
    """A director's or player's input about a tournament cannot be read (a result, a round
    number, a rank): the web answers 400."""


class NotAllowedNow(TournamentError):
    """An action the tournament's state does not allow now (pairing before the results are
    in, a result of an unpaired game): the web answers 409."""


class NeedsConfirmation(NotAllowedNow):
    """An action the director must confirm first (a hand pairing that repeats a game or
    breaks a forbidden pair, as OpenGotha asks); nothing is written until confirmed.
    `concerns` lists what is asked about, one line each."""

    def __init__(self, message: str, concerns: tuple[str, ...] = (), /, **params: object) -> None:
        super().__init__(message, **params)
        self.concerns = concerns


class NotOffered(TournamentError):
    """A capability the tournament's game does not have (finals in Go, teams in Othello,
    temporary IDs in Go): the web answers 404."""


class ClosedError(NotAllowedNow):
    """A change of a tournament that is closed (submitted): read-only until it is reopened
    (the web answers 409)."""


class IntakeError(RatinglistError):
    """A results file was refused by the intake, or a decision on a queue item is not allowed."""


class ConflictError(RatinglistError):
    """A write was based on a state that another writer has changed meanwhile; nothing written."""


class NotFoundError(RatinglistError):
    """A named thing (player, tournament, rating list) does not exist."""


class AccountError(RatinglistError):
    """An account, password, session or grant was refused (unknown user, bad password)."""


class PermissionDenied(RatinglistError):
    """A signed-in user lacks the role an action needs."""


class RateLimited(RatinglistError):
    """Too many failed sign-in attempts; try again later."""
