"""rentoy: Rentoy, the Spanish trick-taking and betting card game, as data and engine.

Variants are YAML files with the provenance of every rule (:mod:`rentoy.data.variants`);
the engine (:mod:`rentoy.engine`) plays any of them; walkthroughs, simulations and
comparisons build on both.

>>> import rentoy
>>> variant = rentoy.load_variant("1737")
>>> variant.rules.trump_order[:3]
(2, 12, 11)
>>> hand = rentoy.Hand(variant, seed=1)
>>> len(hand.legal_actions()) > 0
True
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False    # typing.TYPE_CHECKING, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

__version__ = "0.1.0"

# Where each public name lives. Names are imported when first used, so that a command
# that needs only the variant files does not pay for the engine (``rentoy variants``).
_EXPORTS: dict[str, str] = {
    "Card": "model.cards", "CardError": "model.cards", "DECK": "model.cards", "parse_card": "model.cards",
    "Variant": "model.variant", "load_variant": "data.variants", "builtin_ids": "data.variants",
    "builtin_variants": "data.variants",
    "Hand": "engine", "Game": "engine", "Match": "engine", "Action": "engine",
    "Deal": "engine", "HandResult": "engine", "RandomBot": "bots", "GreedyBot": "bots",
    "RentoyError": "core.errors", "InputError": "core.errors", "VariantError": "core.errors",
    "WalkthroughError": "core.errors", "IllegalAction": "core.errors",
}

__all__ = [
    "Card", "CardError", "DECK", "parse_card",
    "Variant", "load_variant", "builtin_ids", "builtin_variants",
    "Hand", "Game", "Match", "Action", "Deal", "HandResult", "RandomBot", "GreedyBot",
    "RentoyError", "InputError", "VariantError", "WalkthroughError", "IllegalAction",
    "__version__",
]

if TYPE_CHECKING:
    from .model.cards import DECK, Card, CardError, parse_card
    from .bots import GreedyBot, RandomBot
    from .engine import Action, Deal, Game, Hand, HandResult, Match
    from .core.errors import IllegalAction, InputError, RentoyError, VariantError, WalkthroughError
    from .model.variant import Variant
    from .data.variants import builtin_ids, builtin_variants, load_variant


#: The old names of the modules that moved into the floors' folders.
_MOVED: frozenset[str] = frozenset({"frozen", "errors", "limits", "files", "workers", "i18n", "cards", "ruletable", "ruleset", "provenance", "claims", "dependencies", "consistency", "variant", "notation", "yamlfile", "validation", "sources", "glossary", "quotations", "family", "variants", "schemagen", "catalogs"})


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None and name in _MOVED:
        # An old module name reached as an attribute (rentoy.provenance): the
        # module itself, as ``import rentoy.provenance`` gives it.
        return import_module(f".{name}", __name__)
    if module is None:
        raise AttributeError(f"module 'rentoy' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
