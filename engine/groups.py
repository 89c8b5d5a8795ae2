"""What the generator knows about a table before looking at the hand.

A table's loose cards are numbered in table order and sets of them are bit
masks, so "disjoint groups" is `a & b == 0` and an outcome is one integer.
Every group of a value is found once by a subset-sum search, and the unions
of disjoint groups are grown group by group into a set, which is what makes
each distinct outcome appear exactly once.

All of this depends only on the loose cards' values, not on their suits or
on the hand, so it is worked out once per `Rules` and table of values and
kept (`RuleFacts.groups`): in play the same tables of values recur all the
time. A "pick" turns a mask back into cards, for any table with those values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final

from engine.cards import Card, full_deck
from engine.limits import ANALYSIS_CACHE_WORK, RULE_SETS_KEPT, WORK_PER_PICK, Work
from engine.position import Build
from engine.rules import Rules

Pick = Callable[[tuple[Card, ...]], tuple[Card, ...]]
EMPTY_PICK: Final[Pick] = itemgetter(slice(0, 0))
_PICKS: dict[int, Pick] = {}
_KEPT: Final = 20_000  # table analyses (or hands) remembered per rules, at most


class RuleFacts:
    """Per-card facts of one `Rules`, indexed by `Card._key` (rank * 4 + suit),
    and what has been learnt about tables and hands under those rules."""

    __slots__ = (
        "_groups",
        "build_in_sums",
        "builds",
        "by_rank",
        "capture_values",
        "held",
        "keep_capture_card",
        "kept_work",
        "limit",
        "max_build",
        "rules",
        "single_valued",
        "table_value",
    )

    def __init__(self, rules: Rules) -> None:
        size = 14 * 4
        self.rules = rules
        self.table_value: list[int | None] = [None] * size
        self.capture_values: list[tuple[int, ...]] = [()] * size
        # By rank (4.6): the card takes loose cards of its own rank, one or all.
        self.by_rank: list[bool] = [False] * size
        for card in full_deck():
            key = card._key
            self.table_value[key] = rules.table_value(card)
            self.capture_values[key] = rules.capture_values(card)
            self.by_rank[key] = rules.one_card_rank(card) or not rules.capture_values(card)
        self.max_build = rules.max_build
        # No sum or build needs a group above the highest capture or build value.
        self.limit = max(rules.max_build, *(max(v, default=0) for v in self.capture_values))
        self.builds = rules.builds
        self.build_in_sums = rules.build_in_sums
        self.keep_capture_card = rules.keep_capture_card
        self.single_valued = all(len(values) <= 1 for values in self.capture_values)
        self._groups: dict[tuple[int | None, ...], Groups] = {}
        self.held: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        # The work that went into the analyses kept, as the generator charged it: over
        # ANALYSIS_CACHE_WORK they are forgotten, so their memory stays bounded too.
        self.kept_work = 0

    def forget(self) -> None:
        """Drop what was learnt about tables and hands (the per-card facts stay)."""
        self._groups.clear()
        self.held.clear()
        self.kept_work = 0

    def note_work(self, units: int) -> None:
        """Count work whose results may be kept here; forget everything past the limit."""
        self.kept_work += units
        if self.kept_work > ANALYSIS_CACHE_WORK:
            self.forget()

    def groups(self, values: tuple[int | None, ...], work: Work) -> Groups:
        """The groups of a table whose loose cards have these values."""
        found = self._groups.get(values)
        if found is None:
            if len(self._groups) >= _KEPT:
                self._groups.clear()
            found = Groups(values, self.limit, work)
            self._groups[values] = found
        return found

    def held_values(self, hand: Sequence[Card]) -> list[tuple[int, int]]:
        """Each value some card of the hand can take, with how many cards can (5.2),
        in increasing order (kept by the hand's ranks, which is all it depends on)."""
        ranks = tuple([c.rank for c in hand])
        found = self.held.get(ranks)
        if found is None:
            counts: dict[int, int] = {}
            for card in hand:
                for value in self.capture_values[card._key]:
                    counts[value] = counts.get(value, 0) + 1
            if len(self.held) >= _KEPT:
                self.held.clear()
            found = self.held[ranks] = sorted(counts.items())
        return found


_BY_ID: dict[int, tuple[Rules, RuleFacts]] = {}
_BY_RULES: dict[Rules, RuleFacts] = {}


def rule_facts(rules: Rules) -> RuleFacts:
    """The facts of these rules: found by identity first (one dict lookup, no
    hashing of fifteen settings), then by value, so equal rules share them."""
    entry = _BY_ID.get(id(rules))
    if entry is not None and entry[0] is rules:  # the entry keeps `rules` alive
        return entry[1]
    found = _BY_RULES.get(rules)
    if found is None:
        if len(_BY_RULES) >= RULE_SETS_KEPT:  # rules come from links too: keep a few
            _BY_RULES.clear()
        found = _BY_RULES[rules] = RuleFacts(rules)
    if len(_BY_ID) >= RULE_SETS_KEPT:
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, found)
    return found


def forget_tables() -> None:
    """Forget every table analysis and pick (benchmarks time the generator cold)."""
    for facts in list(_BY_RULES.values()):  # a copy: another thread may add rules
        facts.forget()
    _PICKS.clear()


class Groups:
    """The groups of loose cards of each value, and the unions of disjoint groups.

    They depend only on the loose cards' values in table order, so one analysis
    serves every position whose table reads the same (`_RuleTables.groups`).
    Masks number the loose cards from bit 0 in table order. A "pick" turns a
    mask into the loose cards it stands for, given any table with these values.
    """

    __slots__ = ("_build_picks", "_union_picks", "_unions", "buckets")

    def __init__(self, values: Sequence[int | None], limit: int, work: Work) -> None:
        self.buckets = subset_sums(values, limit, work)
        self._unions: dict[int, set[int]] = {}
        self._union_picks: dict[int, tuple[list[Pick], list[Pick]]] = {}
        self._build_picks: dict[int, tuple[list[Pick], list[Pick]]] = {}

    def unions(self, value: int, work: Work) -> set[int]:
        """Every union of disjoint loose groups of `value` (0 included), shared by
        the captures and the builds of every hand card."""
        found = self._unions.get(value)
        if found is None:
            found = self._unions[value] = disjoint_unions(self.buckets.get(value, ()), work)
        return found

    def union_picks(self, value: int, work: Work) -> tuple[list[Pick], list[Pick]]:
        """Picks of the unions of `value`: the non-empty ones, and all of them."""
        found = self._union_picks.get(value)
        if found is None:
            unions = self.unions(value, work)
            work.charge(len(unions) * WORK_PER_PICK)
            every = [pick_of(mask) for mask in unions]
            found = self._union_picks[value] = ([p for p in every if p is not EMPTY_PICK], every)
        return found

    def build_picks(self, played: int, value: int, work: Work
                    ) -> tuple[Sequence[Pick], Sequence[Pick]]:
        """The loose cards a card of `played` can build `value` with: picks of the
        non-empty choices (new builds), and of all of them (additions, 5.7)."""
        if value == played:  # any union of groups of the value: the captures' picks
            return self.union_picks(value, work)
        completions = self.buckets.get(value - played)
        if completions is None:
            return _NO_PICKS  # nothing makes up the difference (the usual case)
        key = played << 8 | value  # one int: cheaper to hash than a pair
        found = self._build_picks.get(key)
        if found is None:
            # A set, because one outcome can arise from several (completion, union)
            # pairs: Ad b6 with Ac 5d 5s is Ad+5d with Ac+5s, or Ad+5s with Ac+5d,
            # and must be listed once.
            unions = self.unions(value, work)
            work.charge(len(completions) * len(unions))
            masks = {completion | union for completion in completions for union in unions
                     if not union & completion}
            work.charge(len(masks) * WORK_PER_PICK)
            every = [pick_of(mask) for mask in masks]
            found = self._build_picks[key] = (
                [p for p in every if p is not EMPTY_PICK], every)
        return found


_NO_PICKS: Final[tuple[Sequence[Pick], Sequence[Pick]]] = ((), ())


def pick_of(mask: int) -> Pick:
    """A C-level function taking the masked cards out of a loose-card tuple."""
    found = _PICKS.get(mask)
    if found is None:
        indices = [i for i in range(mask.bit_length()) if mask >> i & 1]
        if not indices:
            found = EMPTY_PICK
        elif len(indices) == 1:  # itemgetter(i) would give a card, not a tuple
            found = itemgetter(slice(indices[0], indices[0] + 1))
        else:
            found = itemgetter(*indices)
        if len(_PICKS) < 100_000:
            _PICKS[mask] = found
    return found


def subset_sums(values: Sequence[int | None], limit: int, work: Work | None = None
                ) -> dict[int, list[int]]:
    """Masks of the items summing to each total up to `limit`, in one pass
    (one item alone counts too; None marks an item that cannot be summed).

    Each item looks at every subset found so far, which `work` is charged for
    (before, so that a table too big is refused before its subsets are made)."""
    work = work or Work()
    subsets: list[tuple[int, int]] = [(0, 0)]
    for index, value in enumerate(values):
        if value is None or value > limit:
            continue
        work.charge(len(subsets))
        bit = 1 << index
        room = limit - value
        subsets += [(total + value, mask | bit) for total, mask in subsets if total <= room]
    buckets: dict[int, list[int]] = {}
    for total, mask in subsets[1:]:
        found = buckets.get(total)
        if found is None:
            buckets[total] = [mask]
        else:
            found.append(mask)
    return buckets


def disjoint_unions(groups: Sequence[int], work: Work | None = None) -> set[int]:
    """Every union of pairwise-disjoint groups (including the empty union, 0).

    Each group is tried against every union found so far, which `work` is charged
    for, before: the unions can double with each group."""
    work = work or Work()
    unions = {0}
    for group in groups:
        work.charge(len(unions))
        unions |= {u | group for u in unions if not u & group}
    return unions


def items_of(mask: int, loose: tuple[Card, ...], builds: tuple[Build, ...]
             ) -> tuple[tuple[Card, ...], tuple[Build, ...]]:
    """The loose cards and builds a mask over loose cards then builds stands for,
    each in table order (for the rarer moves that take builds inside groups)."""
    count = len(loose)
    cards = tuple([c for i, c in enumerate(loose) if mask >> i & 1])
    rest = mask >> count
    return cards, tuple([b for j, b in enumerate(builds) if rest >> j & 1])
