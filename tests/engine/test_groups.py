"""The table analysis the generator stands on (engine.groups), checked against
plain enumeration, and the memo it keeps checked to change nothing."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st
from randpos import random_position, rules_variants

from engine import Card, Rules, full_deck, legal_moves
from engine.groups import disjoint_unions, items_of, pick_of, rule_facts, subset_sums
from engine.movegen import clear_cache, generate_moves
from engine.position import Build

values_lists = st.lists(st.one_of(st.none(), st.integers(1, 14)), max_size=9)
# No deadline: a slow example on a loaded machine is noise (speed is benchmarked).
QUICK = settings(deadline=None)


@QUICK
@given(values_lists, st.integers(1, 14))
def test_subset_sums_match_every_subset(values: list[int | None], limit: int) -> None:
    expected: dict[int, set[int]] = {}
    usable = [i for i, v in enumerate(values) if v is not None]
    for size in range(1, len(usable) + 1):
        for chosen in combinations(usable, size):
            total = sum(values[i] or 0 for i in chosen)
            if total <= limit:
                expected.setdefault(total, set()).add(sum(1 << i for i in chosen))
    found = subset_sums(values, limit)
    assert {t: set(m) for t, m in found.items()} == expected
    assert all(len(masks) == len(set(masks)) for masks in found.values())


@QUICK
@given(st.lists(st.integers(1, 255), max_size=7))
def test_disjoint_unions_are_every_union_of_disjoint_groups(groups: list[int]) -> None:
    expected = {0}
    for size in range(1, len(groups) + 1):
        for chosen in combinations(groups, size):
            union = 0
            for group in chosen:
                if union & group:
                    break
                union |= group
            else:
                expected.add(union)
    assert disjoint_unions(groups) == expected


@QUICK
@given(st.integers(0, (1 << 12) - 1))
def test_a_pick_takes_exactly_the_masked_cards_in_order(mask: int) -> None:
    loose = tuple(sorted(random.Random(mask).sample(full_deck(), 12)))
    picked = pick_of(mask)(loose)
    assert isinstance(picked, tuple)
    assert picked == tuple(c for i, c in enumerate(loose) if mask >> i & 1)
    builds = (Build(9, (Card.parse("4h"), Card.parse("5h")), 0),
              Build(7, (Card.parse("3s"), Card.parse("4s")), 1))
    for build_bits in range(4):
        cards, taken = items_of(mask | build_bits << 12, loose, builds)
        assert cards == picked
        assert taken == tuple(b for j, b in enumerate(builds) if build_bits >> j & 1)


def test_equal_rules_share_their_facts_and_identity_is_checked() -> None:
    first, second = Rules.parse("royal"), Rules.parse("royal")
    assert first is not second
    assert rule_facts(first) is rule_facts(second)
    assert rule_facts(Rules.parse("classic")) is not rule_facts(first)
    facts = rule_facts(first)
    assert facts.table_value[Card.parse("Kh")._key] == 13
    assert rule_facts(Rules.parse("classic")).table_value[Card.parse("Kh")._key] is None


def test_remembered_analyses_give_the_same_moves_as_a_cold_start() -> None:
    """Positions share table analyses (courts dropped from the key, equal tables of
    values); the moves must be the same whatever was seen before."""
    rng = random.Random(7)
    positions = [random_position(rng, rules) for rules in rules_variants() for _ in range(40)]
    warm = [set(generate_moves(p)) for p in positions]
    for position, moves in zip(positions, warm, strict=True):
        clear_cache()
        assert set(generate_moves(position)) == moves, position.text
        assert set(legal_moves(position)) == moves


def test_threads_sharing_the_memo_get_the_same_moves() -> None:
    """The app serves every browser tab from one process, so several threads fill
    and read the same table analyses (and a benchmark may clear them meanwhile)."""
    import threading

    rng = random.Random(11)
    positions = [random_position(rng, rules) for rules in rules_variants() for _ in range(25)]
    expected = [set(generate_moves(p)) for p in positions]
    failures: list[str] = []

    def work(order: list[int]) -> None:
        for index in order:
            if set(generate_moves(positions[index])) != expected[index]:
                failures.append(positions[index].text)

    orders = [random.Random(seed).sample(range(len(positions)), len(positions))
              for seed in range(4)]
    threads = [threading.Thread(target=work, args=(order,)) for order in orders]
    for thread in threads:
        thread.start()
    for _ in range(5):
        clear_cache()
    for thread in threads:
        thread.join()
    assert not failures
