"""Scoring: contracts, rubber and Chicago sheets, one deal alone, and aBRIDGEd.

Every number lives in a JSON chart of this package (contract.json,
rubber.json, chicago.json, abridged.json), read once.
"""

from .abridged import score_abridged
from .alone import chicago_vulnerable, score_alone
from .chicago import ChicagoSheet
from .contract import ContractScore, honours_in_hand, score_contract
from .rubber import RubberSheet
from .sheet import DealOutcome, SheetLine

__all__ = [
    "ChicagoSheet",
    "ContractScore",
    "DealOutcome",
    "RubberSheet",
    "SheetLine",
    "chicago_vulnerable",
    "honours_in_hand",
    "score_abridged",
    "score_alone",
    "score_contract",
]
