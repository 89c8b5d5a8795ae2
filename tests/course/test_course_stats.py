"""The stats report and the measured difficulty: the shipped puzzles' labels agree
with the computed difficulty, no near-duplicates remain, and the report names what
it should (and fails on a course that breaks it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.players.habits import HABITS
from tutorial_app.course import Course, loads
from tutorial_app.course.authoring.cli import main
from tutorial_app.course.authoring.stats import numbered_rules, report
from tutorial_app.course.model import PuzzleSet
from tutorial_app.course.puzzles.difficulty import (
    MAX_SAME_PATTERN,
    computed_difficulty,
    duplicates,
    features,
    level,
    spearman,
)
from tutorial_app.course.puzzles.play_difficulty import play_label, shares

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


@pytest.fixture(scope="module")
def shipped_report(shipped: Course) -> str:
    """The stats report of the shipped course, made once for the tests that read it: it
    judges every click attempt of every play step and puzzle again (seconds), and the
    course it reads never changes."""
    return report(shipped)


def test_spearman_known_values() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 1, 2, 2], [1, 2, 1, 2]) == pytest.approx(0.0)


def test_level_cuts_the_score_into_five() -> None:
    assert level(0.0) == 1 and level(100.0) == 5
    assert [level(s) for s in (6.5, 7.0, 8.0)] == [2, 3, 4]


def test_labels_are_the_play_labels(shipped: Course) -> None:
    """Every shipped label is what play measures (the files were written by `relabel`)."""
    wrong = [p.id for p in shipped.puzzles if p.difficulty != play_label(p)]
    assert wrong == []


def test_hard_labels_beat_habits_and_easy_ones_fall_to_them(shipped: Course) -> None:
    """Of the puzzles labelled 5, at most 10% fall to any one novice habit and at most
    25% to computer level 2; of those labelled 1, at least 80% to the biggest capture."""
    table = shares(shipped.puzzles)
    for key, (count, share) in table.items():
        print(key, count, {k: round(v, 2) for k, v in share.items()})
    assert set(table) == {1, 2, 3, 4, 5}
    count5, top = table[5]
    assert count5 >= 30
    assert all(top[habit] <= 0.10 for habit in HABITS)
    assert top["level-2"] <= 0.25
    assert table[1][1]["biggest-capture"] >= 0.80
    # harder labels are solved less often by the habits, on the whole
    novice = [sum(table[k][1][h] for h in HABITS) for k in range(1, 6)]
    assert novice[0] > novice[2] > novice[4]


def test_more_legal_moves_and_bigger_answers_are_harder() -> None:
    text = """id: d
title: d
puzzles:
  - {id: easy, position: "table: 5c 9h; hand: 5d 2s Kh", goal: {capture: [5c]},
     themes: [pairing], difficulty: 1}
  - {id: hard, position: "table: 2c 3d 5h 6s 4c Ad 7h; hand: 8s 4d 9c 10h",
     goal: most-cards, themes: [multiple-capture], difficulty: 5}
"""
    content = loads(text, "d.yaml")
    assert isinstance(content, PuzzleSet)
    easy, hard = content.puzzles
    assert features(easy).score < features(hard).score
    assert computed_difficulty(easy) < computed_difficulty(hard)


def test_no_near_duplicates_in_the_shipped_puzzles(shipped: Course) -> None:
    assert [[p.id for p in g] for g in duplicates(shipped.puzzles)] == []


def test_duplicates_found_up_to_suits_and_by_pattern() -> None:
    same = "\n".join(
        f"  - {{id: p{i}, position: \"table: {t}; hand: {h}\", goal: {{capture: [{c}]}}, "
        f"themes: [pairing], difficulty: 1}}"
        for i, (t, h, c) in enumerate([("5c 9h", "5d 2s Kh", "5c"), ("5s 9d", "5h 2c Kd", "5s"),
                                       ("6c 9h", "6d 2s Kh", "6c"), ("6s 9h", "6d 3s Kh", "6s"),
                                       ("6h 8h", "6d 3c Kh", "6h")]))
    content = loads(f"id: dd\ntitle: dd\npuzzles:\n{same}\n", "dd.yaml")
    assert isinstance(content, PuzzleSet)
    groups = [[p.id for p in g] for g in duplicates(list(content.puzzles))]
    assert ["p0", "p1"] in groups  # the same position up to suits
    assert MAX_SAME_PATTERN == 3


def test_numbered_rules_of_the_rules_page() -> None:
    text = (LESSONS.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    found = numbered_rules(text)
    assert {"1.1", "2.2", "5.7", "10.4", "11.2"} <= set(found)
    assert found == sorted(found, key=lambda n: tuple(int(p) for p in n.split(".")))


def test_report_names_stages_rules_settings_chance_and_duplicates(shipped_report: str) -> None:
    text = shipped_report
    print(text)
    for needle in ("Stages:", "Doing share:", "Rules and the tasks", "Setting values",
                   "Random-pass rate: median", "Spearman", "Duplicates: 0 group(s) (none)",
                   "face_values=royal:", "5.7:"):
        assert needle in text


def test_stats_command_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["stats", str(tmp_path / "missing")]) == 2
    (tmp_path / "bad.yaml").write_text("id: x\ntitle: x\nsteps: []\n", encoding="utf-8")
    assert main(["stats", str(tmp_path)]) == 1
    assert "a lesson needs at least one step" in capsys.readouterr().err


def test_every_shipped_puzzle_has_its_own_prompt_two_hints_and_success() -> None:
    import yaml

    for path in sorted((LESSONS / "puzzles").glob("*.yaml")):
        for puzzle in yaml.safe_load(path.read_text(encoding="utf-8"))["puzzles"]:
            where = f"{path.name}: {puzzle['id']}"
            assert puzzle.get("prompt"), where
            assert len(puzzle.get("hints", [])) >= 2, where
            assert puzzle.get("success"), where


def test_themes_have_readable_names_and_descriptions() -> None:
    from tutorial_app.course.model import THEMES
    from tutorial_app.words.i18n import t

    for theme in THEMES:
        name, description = t(f"theme.{theme}.name"), t(f"theme.{theme}.description")
        assert name and name != theme and "theme." not in name, theme
        assert description.endswith(".") and len(description) < 100, theme


def test_enough_puzzles_for_the_rare_themes_and_each_setting_value(shipped: Course) -> None:
    from tutorial_app.course.concepts import rules_concepts

    themes = {theme: len(shipped.puzzles_with(theme))
              for theme in ("add-to-build", "endgame", "ace-high")}
    print(themes)
    assert all(n >= 15 for n in themes.values()), themes
    by_setting: dict[str, int] = {}
    for puzzle in shipped.puzzles:
        for setting in rules_concepts(puzzle.position.rules):
            by_setting[setting] = by_setting.get(setting, 0) + 1
    print(by_setting)
    for setting in ("face_values=royal", "ace_high=true", "build_in_sums=true",
                    "face_capture=all", "aces_like_faces=true", "controller_trail=always",
                    "keep_capture_card=false", "builds=off", "scoring=spades"):
        assert by_setting.get(setting, 0) >= 15, setting


def test_quiz_facts_are_the_engine_s() -> None:
    from engine import Rules
    from tutorial_app.course.judge.facts import FACTS, NO_WINNER

    classic = Rules()
    assert FACTS["pack-size"](classic, {}) == 52
    assert FACTS["deals-per-hand"](classic, {"players": 2}) == 6
    assert FACTS["deals-per-hand"](classic, {"players": 4}) == 3
    assert FACTS["deals-per-hand"](Rules.parse("classic draw=true"), {"players": 2}) == 1
    assert FACTS["stock-after"](classic, {"players": 2, "deals": 1}) == 40
    assert FACTS["next-dealer"](classic, {"players": 4, "dealer": 3}) == 0
    assert FACTS["hand-points"](classic, {}) == 11
    assert FACTS["hand-points"](classic, {"cards-tie": True}) == 8
    assert FACTS["spades-to-secure"](classic, {}) == 7
    hand = {"before": [19, 20], "hand": [{"cards": 3}, {"spades": 1, "aces": 2}]}
    assert FACTS["winner"](classic, hand) == 1  # 23 against 22
    assert FACTS["winner"](Rules.parse("classic tie_break=count_out"), hand) == 0
    tie = {"before": [18, 17], "hand": [{"cards": 3, "aces": 1}, {"aces": 5}]}
    assert FACTS["winner"](classic, tie) == NO_WINNER
    assert FACTS["last-play-sweep"](Rules.parse("classic last_play_sweep=false"), {}) == 0


def test_a_quiz_step_is_checked(shipped: Course) -> None:
    from tutorial_app.course import FeedbackStatus, QuizStep, check_quiz

    quiz = next(s for lesson in shipped.lessons for s in lesson.steps
                if s.id == "how-many-deals")
    assert isinstance(quiz, QuizStep) and quiz.answer == "6"
    assert check_quiz(quiz, "6").status is FeedbackStatus.CORRECT
    assert check_quiz(quiz, "4").status is FeedbackStatus.MISSED


def test_every_rule_and_setting_value_is_practised(shipped_report: str) -> None:
    assert "Not practised: none" in shipped_report


def test_report_counts_what_validate_proves_and_the_reading_share(shipped_report: str) -> None:
    import re

    text = shipped_report
    proved = re.search(r"Author texts proved true for every attempt that shows them: "
                       r"(\d+) of (\d+) feedback entries \((\d+) of (\d+) displays\), "
                       r"(\d+) of (\d+) success texts", text)
    assert proved is not None, text
    entries, total, shown, displays, successes, all_successes = map(int, proved.groups())
    # (a try with the right card and the wrong action is led, not shown an entry written
    # for any card: judge/lead.py)
    assert entries == total > 300 and shown == displays > 700
    assert successes == all_successes > 500
    hints = re.search(r"Hints checked: (\d+) of (\d+) name only cards", text)
    assert hints is not None and hints.group(1) == hints.group(2)
    reveal = re.search(r"Tasks whose misses reveal the answer: (\d+) of (\d+) tasks", text)
    assert reveal is not None and reveal.group(1) == "0" and int(reveal.group(2)) > 100
    reading = re.search(r"Reading share: (\d+)% \((\d+) of (\d+) tasks", text)
    assert reading is not None and int(reading.group(2)) / int(reading.group(3)) < 0.15
    doing = re.search(r"Rules practised by doing \(not by quiz\): (\d+) of (\d+); by quiz "
                      r"only: ([^;]*); by neither: (.*)", text)
    assert doing is not None and doing.group(4) == "none"
    assert "1.1" not in doing.group(3).split(", ")  # the card-counting task acts it out


def test_a_rule_only_cited_is_not_practised_by_doing() -> None:
    from tutorial_app.course.authoring.stats import doing_lines, task_rules

    lesson = loads("""id: cite
title: Cite
steps:
  - id: trail
    kind: play
    position: "table: Kh 9c; hand: 10d 4c 2s"
    prompt: "After a sweep the next player must trail (rule 8.3). Trail the 4♣."
    goal: {move: "4c t"}
""", "cite.yaml")
    assert not isinstance(lesson, PuzzleSet)
    step = lesson.steps[0]
    assert "8.3" in task_rules(step) and "8.3" not in task_rules(step, cited=False)
    line = doing_lines(["6.1", "8.3"], [("cite", step)])[0]
    assert line.endswith("by neither: 8.3")
