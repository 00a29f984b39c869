"""A refusal of the rules, in the command line's words.

The rules refuse with a reason and its data (:mod:`generator.core.refusal`) and a default
sentence that never names a command; the command line says the same, naming the command or
the option to use where the rules' sentence only says what to do. Its own sentences are in one
module per game (``WORDINGS``: reason -> sentence), read only when a refusal is printed.
"""

from __future__ import annotations

from functools import cache

from generator.core.refusal import Reason, Refusal, Wording


def sentence(refusal: Refusal) -> str:
    """The one line the command line prints for ``refusal``."""
    return refusal.message(cli_wording)


def cli_wording(reason: Reason) -> Wording | None:
    """The command line's own sentence for ``reason``, or None when it says the rules' one."""
    return _wordings().get(reason)


@cache
def _wordings() -> dict[Reason, Wording]:
    from generator.cli import (
        oie_refusals,
        otcho_refusals,
        oucedonc_refusals,
        pronostiques_refusals,
        territoires_refusals,
    )

    return {
        **oucedonc_refusals.WORDINGS,
        **oie_refusals.WORDINGS,
        **territoires_refusals.WORDINGS,
        **otcho_refusals.WORDINGS,
        **pronostiques_refusals.WORDINGS,
    }
