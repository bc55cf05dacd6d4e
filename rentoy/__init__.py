"""rentoy: Rentoy, the Spanish trick-taking and betting card game, as data and engine.

Variants are YAML files with the provenance of every rule (:mod:`rentoy.variants`);
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

from .cards import DECK, Card, CardError, parse_card
from .engine import Action, Deal, Game, GreedyBot, Hand, HandResult, Match, RandomBot
from .errors import IllegalAction, InputError, RentoyError, VariantError, WalkthroughError
from .variants import Variant, builtin_ids, builtin_variants, load_variant

__version__ = "0.1.0"

__all__ = [
    "Card", "CardError", "DECK", "parse_card",
    "Variant", "load_variant", "builtin_ids", "builtin_variants",
    "Hand", "Game", "Match", "Action", "Deal", "HandResult", "RandomBot", "GreedyBot",
    "RentoyError", "InputError", "VariantError", "WalkthroughError", "IllegalAction",
    "__version__",
]
