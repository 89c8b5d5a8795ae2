"""The app's own English UI strings (pages, sidebar, Play, Classroom).

Part of the English catalogue that `tutorial_app.words.i18n.t` reads, kept
apart from the course's texts (`messages_en.py`) only to keep each file to one
subject. The computer levels' and score items' English words come from the
engine's own names for them (`play.level.N`, `play.item.NAME`).
"""

from __future__ import annotations

from typing import Final

from engine.players import LEVEL_NAMES
from engine.rules import PRESET_HELP
from engine.scoring import ITEM_LABELS, ITEMS
from engine.settings import SETTINGS

MESSAGES: Final[dict[str, str]] = {
    "app.title": "Cassino Tutor",
    "app.tagline": "Learn the card game Cassino, one step at a time.",
    "nav.section.learn": "Learn and practise",
    "nav.section.explore": "Explore and teach",
    "nav.learn": "Learn",
    "nav.puzzles": "Puzzles",
    "nav.play": "Play",
    "nav.sandbox": "Sandbox",
    "nav.classroom": "Classroom",
    "nav.rules": "Rules",
    "sidebar.learner": "Learning as **{name}**",
    "sidebar.rating": "Puzzle rating {rating}",
    "sidebar.switch": "Switch learner",
    "sidebar.four_colour": "Four-colour deck",
    "sidebar.four_colour_help": "Diamonds blue and clubs green, so every suit has its own colour.",
    "welcome.title": "Welcome! Who is learning?",
    "welcome.tab_own": "On my own",
    "welcome.tab_class": "In a class",
    "welcome.own_body": "Not in a class? Your name alone keeps your lessons, stars and "
                        "puzzle rating on this server. There is no password, so anyone "
                        "who types the same name here gets the same progress: use it on "
                        "your own device.",
    "welcome.class_body": "In a class? Type the class code, your name, and tap your two "
                          "secret pictures (they are on your login card). Or scan the "
                          "QR code on your card.",
    "welcome.name": "Your name",
    "welcome.placeholder": "e.g. Ana",
    "welcome.start": "Start learning",
    "signin.name_empty": "Type a name first.",
    "signin.name_too_long": "A name has at most {n} characters.",
    "signin.name_control": "A name cannot contain control or invisible characters.",
    "signin.name_marks": "A name cannot pile accents on one letter.",
    "signin.name_mixed": "A name is written in one alphabet; this one mixes {scripts}, "
                         "so it could look like someone else's.",
    "signin.name_blank": "This name would look blank on the screen: use letters or digits.",
    "signin.name_teacher": "This name looks like a teacher's name: choose another one.",
    "signin.names_closed": "On this server, learners sign in with their class: open the "
                           "\"In a class\" tab.",
    "signin.in_class": "This name belongs to a learner in a class. If it is yours, sign in "
                       "with your class code and your secret pictures (the \"In a class\" "
                       "tab). If not, choose another name.",
    "signin.class_name": "Your name",
    "signin.first_picture": "Your first secret picture",
    "signin.second_picture": "Your second secret picture",
    "signin.class_button": "Sign in",
    "signin.pick_pictures": "Tap your two secret pictures first.",
    "signin.code_empty": "Type your class code first.",
    "signin.class_wrong": "That name and those pictures do not match a learner of this "
                          "class. Check them on your login card, or ask your teacher.",
    "signin.card_wrong": "This login card does not work any more: ask your teacher for a "
                         "new one.",
    "count.signin_wait.one": "Too many wrong tries: wait {n} second before trying again.",
    "count.signin_wait.other": "Too many wrong tries: wait {n} seconds before trying again.",
    "count.signin_locked.one": "Too many wrong tries: signing in here is locked for {n} "
                               "minute. Your teacher can let you in sooner.",
    "count.signin_locked.other": "Too many wrong tries: signing in here is locked for {n} "
                                 "minutes. Your teacher can let you in sooner.",
    "store.unavailable": "Progress cannot be opened or saved just now: the progress store "
                         "is not working. Ask your teacher to check the {setting} setting "
                         "(the server's log says what is wrong). The Rules and Sandbox "
                         "pages still work.",
    "course.errors_title": "Some lesson files have problems ({n}); the rest of the course works",
    "board.table": "Table",
    "board.table_empty": "The table is empty.",
    "board.your_hand": "Your hand",
    "board.hand_empty": "No cards in hand.",
    "board.card_selected": "{card} (selected)",
    "board.build_selected": "{build} (selected)",
    "board.how_to": "Choose a card in your hand, then the table cards or builds it should "
                    "use, then Capture, Build or Trail.",
    "board.capture": "Capture",
    "board.build_value": "Build value",
    "board.build": "Build {n}",
    "board.trail": "Trail",
    "board.clear": "Clear selection",
    "board.your_pile": "Your pile",
    "count.board-cards.one": "{n} card",
    "count.board-cards.other": "{n} cards",
    "learn.title": "Your lessons",
    "learn.practice": "Practise it: {puzzles} ({themes})",
    "learn.intro": "Work through the lessons in order; each one opens when the lessons it "
                   "builds on are finished. Stars show how cleanly you solved them.",
    "learn.no_lessons": "No lessons are available yet.",
    "learn.locked": "Finish {titles} first.",
    "learn.steps_done": "{solved} of {total} exercises solved",
    "learn.start": "Start",
    "learn.continue": "Continue",
    "learn.review": "Review",
    "learn.reset": "Reset",
    "learn.reset_all": "Reset all my progress",
    "learn.everything": "all lessons, puzzles and your rating",
    "learn.reset_confirm": "Reset your progress in {what}? This cannot be undone.",
    "learn.reset_yes": "Yes, reset",
    "learn.reset_no": "Cancel",
    "learn.reset_done": "Progress reset.",
    "learn.finished": "Lesson finished: {title} {stars}",
    "learn.no_such_lesson": "The link names a lesson that does not exist: {id}",
    "learn.all_lessons": "All lessons",
    "learn.step_of": "Step {n} of {total}",
    "learn.back": "Back",
    "learn.next": "Next",
    "learn.finish": "Finish lesson",
    "learn.all_solved": "Every exercise of “{title}” is solved: finish the lesson to open "
                        "the next one.",
    "learn.hint": "Hint {n} of 3",
    "learn.hint_help": "Each hint tells a little more; hints cost a star.",
    "learn.retry": "Try this step again",
    "learn.stars": "{stars}",
    "learn.check": "Check",
    "learn.tick_all": "Tick every option that is right.",
    "learn.why": "Why?",  # the folded rule under a step's instruction
    "learn.the_move": "The move: **{move}**",
    "learn.whats_wrong": "What is wrong with it?",
    "learn.not_saved": "Your progress could not be saved just now; please try again in a "
                       "moment.",
    "puzzles.title": "Puzzles",
    "puzzles.rating": "Puzzle rating",
    "puzzles.rated_games": "Rated puzzles",
    "puzzles.solved_count": "Solved",
    "puzzles.filters": "Choose puzzles",
    "puzzles.themes": "Themes",
    "puzzles.any_theme": "Any theme",
    "puzzles.difficulty": "Difficulty",
    "puzzles.hide_solved": "Hide puzzles I have solved",
    "puzzles.rating_chart": "Your rating, puzzle by puzzle",
    "puzzles.missed_only": "Only puzzles I tried and have not solved yet",
    "puzzles.missed_only_help": "Your own review list: every puzzle you got wrong or gave "
                                "up on, until you solve it.",
    "puzzles.none": "No puzzle matches these filters.",
    "puzzles.no_such": "The link names a puzzle that does not exist: {id}",
    "puzzles.untitled": "Puzzle {id}",
    "puzzles.meta": "Difficulty {dots} · {themes}",
    "puzzles.done_before": " · solved before",
    "puzzles.try_again": "Try again, or look at the solution.",
    "puzzles.hint_help": "A hint makes this try unrated: your rating will not change.",
    "puzzles.show_solution": "Show solution",
    "puzzles.next": "Next puzzle",
    "count.puzzles-solutions.one": "**Solution** ({n} move meets the goal):",
    "count.puzzles-solutions.other": "**Solution** ({n} moves meet the goal):",
    "puzzles.mode": "How to play",
    "puzzles.mode.rated": "Rated puzzles",
    "puzzles.mode.streak": "Puzzle streak",
    "puzzles.mode.lines": "Lines of play",
    "lines.pick": "Line puzzle",
    "lines.none": "There are no line puzzles in this course.",
    "lines.their_hand": "Their cards: {cards}",
    "lines.piles_mine": "Your captured cards: {cards}",
    "lines.piles_theirs": "Their captured cards: {cards}",
    "lines.reply": "They answer: {move}.",
    "lines.refuted": "Then they answer: {move}, and your goal is out of reach.",
    "lines.lost": "That move lets your goal slip away.",
    "lines.hint": "Hint {n} of 2",
    "lines.again": "Try the line again",
    "lines.next": "Next line",
    "streak.intro": "Solve puzzles in a row, each one at least as hard as the last and a "
                    "level harder every two or three puzzles. One wrong move ends the "
                    "streak. Streak puzzles do not change your rating.",
    "streak.best_label": "Your best streak",
    "streak.start": "Start a streak",
    "streak.again": "Start a new streak",
    "streak.over": "That move ends the streak.",
    "streak.top": "You have solved the hardest puzzle there is: the streak is complete.",
    "puzzles.rating_change": "Rating {change}",
    "puzzles.unrated_again": "Unrated: you have tried this puzzle before.",
    "puzzles.unrated_hint": "Unrated: a hint was used.",
    "puzzles.not_saved": "Your result could not be saved just now; please try again in a "
                         "moment.",
    "sandbox.title": "Sandbox",
    "sandbox.intro": "Set up any position, see every legal move, try moves and step through "
                     "them. The link always holds the position, so you can share it.",
    "sandbox.hand_of": "Player {seat}'s hand (to move)",
    "sandbox.played": "Played; use Back to take it back.",
    "sandbox.moves_played": "Moves played",
    "sandbox.start": "Start",
    "sandbox.back": "Back",
    "sandbox.forward": "Forward",
    "sandbox.end": "End",
    "sandbox.no_moves_yet": "No moves yet: make one with the buttons above or from the list.",
    "count.sandbox-pile.one": "Player {seat}: {n} card captured, {sweeps}",
    "count.sandbox-pile.other": "Player {seat}: {n} cards captured, {sweeps}",
    "count.sweep.one": "{n} sweep",
    "count.sweep.other": "{n} sweeps",
    "sandbox.pile_of": "Player {seat}'s pile",
    "sandbox.legal_moves": "Every legal move ({n})",
    "sandbox.col.move": "Move",
    "sandbox.col.words": "In words",
    "sandbox.col.does": "What it does",
    "sandbox.col.after": "Table after",
    "sandbox.pick_move": "Play a move from the list",
    "sandbox.play_it": "Play it",
    "sandbox.no_legal": "No legal move here.",
    "sandbox.no_position": "That is not a position.",
    "sandbox.setup": "Set up the position",
    "sandbox.tab.cards": "Click cards",
    "sandbox.tab.text": "Notation",
    "sandbox.tab.rules": "Rules",
    "sandbox.place_into": "Put the next card into",
    "sandbox.place.table": "Table",
    "sandbox.place.hand": "Hand",
    "sandbox.place.build": "New build",
    "sandbox.tray_help": "Cards not yet placed:",
    "sandbox.remove_help": "Placed cards (click to take one back):",
    "sandbox.build_draft": "New build: **{cards}**",
    "sandbox.none": "no cards yet",
    "sandbox.build_value": "Value",
    "sandbox.controller": "Controlled by",
    "sandbox.seat_n": "Player {seat}",
    "sandbox.add_build": "Add build",
    "sandbox.clear_all": "Empty the table and hand",
    "sandbox.notation": "Position",
    "sandbox.notation_help": "e.g. table: 3d 5c [8: 3s 5h @1]; hand: 3h 8s (see the notation "
                             "page)",
    "sandbox.load": "Load position",
    "sandbox.share": "Link to this position and its moves:",
    "sandbox.to_classroom": "Show this position in the Classroom (large cards)",
    "sandbox.preset": "Rules preset",
    "sandbox.settings": "Change individual settings",
    "sandbox.players": "Players",
    "sandbox.to_move": "Seat to move",
    "sandbox.last": "Last play of the hand",
    "sandbox.last_help": "A capture with the last card of the hand (rule 8.2).",
    "sandbox.suit.s": "Spades",
    "sandbox.suit.h": "Hearts",
    "sandbox.suit.d": "Diamonds",
    "sandbox.suit.c": "Clubs",
    "sandbox.line_move": "{n}. {move}",
    "sandbox.line_move_sweep": "{n}. {move} (sweep)",
    "sandbox.listed_played": "{move}: {effect}.",
    "sandbox.effect.takes": "takes {cards}",
    "sandbox.effect.takes_sweep": "takes {cards} — a sweep!",
    "sandbox.effect.single": "single",
    "sandbox.effect.multiple": "multiple",
    # what a build move does: one whole entry per case, never "a {kind} build"
    "sandbox.effect.makes.single": "makes a single build of {value}",
    "sandbox.effect.makes.multiple": "makes a multiple build of {value}",
    "sandbox.effect.adds.single": "adds to a single build of {value}",
    "sandbox.effect.adds.multiple": "adds to a multiple build of {value}",
    "sandbox.effect.raises.single": "raises to a single build of {value}",
    "sandbox.effect.raises.multiple": "raises to a multiple build of {value}",
    "sandbox.effect.trail": "lays the card on the table",
    "sandbox.effect.table_empty": "empty",
    # a position from a link, and (links.typed.*) one the learner typed: one whole
    # sentence for each, never "The position {source}" with a translated piece slotted in
    "links.too_long": "The position in the link is too long ({n} characters, at most "
                      "{limit}).",
    "links.unreadable": "The position in the link cannot be read: {error}",
    "links.impossible": "The position in the link is impossible: {problems}",
    "links.failed": "The position in the link could not be opened.",
    "links.typed.too_long": "The position you typed is too long ({n} characters, at most "
                            "{limit}).",
    "links.typed.unreadable": "The position you typed cannot be read: {error}",
    "links.typed.impossible": "The position you typed is impossible: {problems}",
    "links.typed.failed": "The position you typed could not be opened.",
    "links.bad_move": "A move in the link cannot be played: {error}",
    "links.bad_move_failed": "A move in the link could not be played.",
    "links.moves_too_long": "The moves in the link are too long ({n} characters, at most "
                            "{limit}).",
    "classroom.title": "Classroom",
    "classroom.projector": "Projector mode",
    "classroom.projector_help": "Hide the menu and use the whole width of the screen. "
                                "Turn it off here to get the menu back.",
    "classroom.projector_private": "Projector mode: the learners' names, secret pictures, "
                                   "records and reports are not shown. Turn it off to see "
                                   "them.",
    "classroom.show": "Show",
    "classroom.mode.lesson": "A lesson",
    "classroom.mode.puzzle": "A puzzle",
    "classroom.mode.position": "A position",
    "classroom.position": "Position",
    "classroom.position_help": "Written as in the Sandbox: the table, then the hand of the "
                               "player to move, e.g. `table: 5c 3d [8: 5h 3s @1]; hand: 8s 3h`. "
                               "Press Enter to show it.",
    "classroom.position_intro": "Type a position above (or open a Sandbox position here with "
                                "its Classroom link) to show it in large cards.",
    "classroom.position_missing": "Type a position first.",
    "classroom.hand_of": "Hand of seat {seat} (to move)",
    "classroom.start_again": "Start again",
    "advice.toggle": "Show the computer's advice",
    "advice.too_much_work": "This table has too many ways to play for the computer to weigh "
                            "them all in time, so it gives no advice here.",
    "advice.toggle_help": "What the level-3 computer player (counting) would play here, "
                          "and why.",
    "advice.move": ":material/lightbulb: The computer would play: **{move}**",
    "advice.assumes": "For a position set up by hand it assumes that nothing already "
                      "captured is known and that every other player holds as many cards "
                      "as the one to move.",
    "classroom.position_players": "{n} players",
    "classroom.position_rules": "{rules}",
    "classroom.play_it": "Play this move",
    "classroom.lesson": "Lesson",
    "classroom.puzzle": "Puzzle",
    "classroom.nothing": "Nothing to show yet.",
    "classroom.previous": "Previous",
    "classroom.next": "Next",
    "classroom.reveal": "Reveal the answer",
    "classroom.all_moves": "Show all legal moves",
    "classroom.answer": "The answer",
    "classroom.correct_option": "Correct: {option}",
    "classroom.none_correct": "None of the options is correct.",
    "classroom.legal_moves": "All legal moves ({n})",
    "classroom.progress": "Class progress",
    "classroom.progress_help": "The learners of the class shown, most recently active "
                               "first. Nothing on this page is recorded.",
    "classroom.no_learners": "No learner has signed in yet.",
    "classroom.no_class_learners": "Make a class (under \"My classes\") to see its "
                                   "learners here.",
    "classroom.download": "Download as CSV (for a spreadsheet)",
    "classroom.names_on_welcome": "Let learners in no class sign in by name alone",
    "classroom.names_on_welcome_help": "On: a learner who is in no class types a name and "
                                       "goes on (anyone typing the same name gets the same "
                                       "progress; fine on a home computer). Off: only "
                                       "class learners sign in, with their secret pictures "
                                       "or login card.",
    "class.col.learner": "Learner",
    "class.col.finished": "Lessons finished",
    "class.col.stars": "Stars",
    "class.col.now_on": "Now on",
    "class.col.puzzles": "Puzzles solved",
    "class.col.rating": "Puzzle rating",
    "class.col.active": "Last active",
    "class.all_done": "every lesson done",
    "class.ago.never": "not yet",
    "class.ago.now": "just now",
    "class.ago.minutes": "{n} min ago",
    "class.ago.hours": "{n} h ago",
    "class.ago.yesterday": "yesterday",
    "class.ago.days": "{n} days ago",
    "rules.title": "Rules of Cassino",
    "rules.page_missing": "The rules page {name} cannot be read just now; the settings below "
                          "come straight from the rules engine.",
    "rules.presets": "Presets",
    "rules.settings": "Every setting",
    "rules.col.preset": "Preset",
    "rules.col.meaning": "What it means",
    "rules.col.sets": "Settings it changes",
    "rules.col.setting": "Setting",
    "rules.col.choices": "Choices",
    "rules.col.default": "Classic default",
    "rules.defaults": "(the defaults)",
    "rules.settings_note": "Numbers in brackets are the rule numbers above. The sandbox lets you "
                           "try any of these settings.",
    "play.title": "Play",
    "play.intro": "A whole game of Cassino against the computer. Each computer move comes with "
                  "the reason for it, and you can ask for a hint at any time.",
    "play.setup": "A new game",
    "play.players": "Players",
    "play.players.2": "2 — head to head",
    "play.players.3": "3 — each for themselves",
    "play.players.4": "4 — two partnerships (your partner is a computer)",
    "play.opponents": "**Computer players**",
    "play.level_choice": "Level {n}: {name}",
    "play.level_tag": "Level {n} · {name}",
    "play.preset": "Rules",
    "play.target": "Play to",
    "play.target.points": "{n} points",
    "play.target.hand": "a single hand",
    "play.custom": "Change individual settings",
    "play.seed": "Seed",
    "play.seed_help": "The seed decides how the cards are shuffled. The same seed, players, "
                      "levels and rules give the same deals again, so a game can be replayed.",
    "play.new_seed": "New seed",
    "play.start": "Start the game",
    "play.restore_failed": "Your saved game could not be restored. Start a new one.",
    "play.setup_refused": "A game cannot start with these choices. Change one of them and "
                          "try again.",
    "play.stale": "This game was played on in another tab or window, so that move was not "
                  "made here. This is the game as it stands now.",
    "play.new_game": "New game",
    "play.new_game_after": "Start again with a new set-up.",
    "play.abandon_confirm": "Leave this game? It cannot be continued afterwards.",
    "play.abandon_yes": "Start a new game",
    "play.play_again": "Play the same deals again",
    "play.hand_n": "Hand {n}",
    "play.deal_of": "deal {n} of {total}",
    "play.deal_last": "deal {n} of {total}, the last",
    "play.deal_caption": "Stock: {deal}",
    "play.rules_line": "{rules}, {target}",
    "play.goal.points": "game to {n}",
    "play.goal.hand": "one hand decides",
    "play.seed_shown": "seed {seed}",
    "play.you": "You",
    "play.seat": "Computer {seat}",
    "play.partner": "Your partner",
    "play.side.yours": "You and your partner",
    "play.side.theirs": "Computers 1 and 3",
    "play.pile.yours": "Your pile",
    "play.pile.of": "Computer {seat}'s pile",
    "play.pile.yours_team": "Your side",
    "play.pile.theirs_team": "Computers 1 + 3",
    "play.stock": "Stock",
    "play.holds": "holds {cards}",
    "play.sweeps": "sweeps: {list}",
    "play.to_play": "to play…",
    "play.your_turn": "**Your turn.** Click a card in your hand, then what it takes or builds on.",
    "play.your_hand_turn": "Your hand — your turn",
    "play.not_your_turn": "It is not your turn.",
    "play.waiting": "**{who}** is to play.",
    "play.continue": "Continue",
    "play.auto": "Play the computer's moves by themselves",
    "play.auto_help": "One move every second or two, so you can follow; Continue goes at once.",
    "play.coach": "Coach me after my moves",
    "play.coach_help": "When the hint's move was clearly stronger than yours (by half a point "
                       "or more, as the computer counts), the coach says which, and why.",
    "play.coach_note": ":material/school: **Coach:** instead of *{played}*, **{better}** was "
                       "stronger: about {better_points} points against {played_points}.",
    "play.no_computer_moves": "The computer's moves appear here, each with the reason for it.",
    "play.you_played": "You played: {move}.",
    "play.you_played_sweep": "You played: {move} — a sweep!",
    "play.hint": "Hint",
    "play.hint_help": "What the strongest computer player would play here, and why.",
    "play.hint_move": "Hint: **{move}**",
    "play.hint_select": "Select these cards for me",
    "play.log": "Game log",
    "play.why": "Why?",
    "play.no_reason": "No explanation is available for this move.",
    "play.coach_failed": "The coach could not look at this move.",
    "play.coach_review_failed": "The coach could not review this hand.",
    "play.log.move": "{who}: {move}",
    "play.log.move_sweep": "{who}: {move} — a sweep!",
    "play.log.hand": "Hand {n}: the first deal, four cards each and four to the table",
    "play.log.deal": "Deal {n}: four more cards each",
    "play.log.deal_last": "Deal {n}, the last: four more cards each",
    "play.log.residue": "{who}: takes the cards left on the table ({cards})",
    "play.log.score": "Hand {n} is scored",
    "play.hand_over": "Hand {n} is over",
    "play.game_over": "The game is over",
    "play.you_win": "You win the game!",
    "play.you_win_team": "You and your partner win the game!",
    "play.they_win": "{who} won the game. Play again?",
    "play.first_to": "The first to reach {n} points wins the game.",
    "play.tie_again": "The totals are equal, so another hand decides.",
    "play.next_hand": "Next hand",
    "play.row.item": "Points for",
    "play.row.cards_taken": "cards taken (count)",
    "play.row.spades_taken": "spades taken (count)",
    "play.row.hand_points": "points this hand",
    "play.row.game_total": "game total",
    "play.replay": "Replay a finished hand with every card shown",
    "play.coach_review": "Ask the coach to review my moves in this hand",
    "play.coach_review_none": "The coach would not change any of your moves in this hand. "
                              "Well played!",
    "play.coach_review_title": "The coach would change {n} of your moves in this hand:",
    "play.coach_review_move": "**Move {n}:** instead of *{played}*, **{better}** was "
                              "stronger (about {better_points} points against {played_points}).",
    "play.coach_review_replay": "See it in the replay",
    "play.replay_hand": "Hand to replay",
    "play.replay_at": "move {n} of {total}",
    "play.replay.start": "Hand {n}: the first deal",
    # a replayed move that brings the next deal or ends the hand: one whole sentence
    # for each case, never a piece added to "play.log.move"
    "play.replay.move_deal": "{who}: {move} (then deal {n})",
    "play.replay.move_sweep_deal": "{who}: {move} — a sweep! (then deal {n})",
    "play.replay.move_end": "{who}: {move} — the end of the hand",
    "play.replay.move_sweep_end": "{who}: {move} — a sweep, and the end of the hand",
    # a course that follows the learner
    "learn.locked_link": "The lesson \u201c{title}\u201d is locked: finish {titles} first. "
                         "Nothing was recorded.",
    "learn.next_lesson": "Next lesson: {title}",
    "puzzles.missed_list": "Missed puzzles to retry ({n})",
    "learn.stars_words": "{stars} ({n} of {out_of} stars)",
    "learn.stars_of": "{n} of {out_of} stars",
    "learn.named": "{action}: {title}",
    "learn.state.done": "Done",
    "learn.state.open": "Open",
    "learn.state.locked": "Locked",
    "learn.pick_one": "Pick one answer.",
    # teachers, classes, live questions, homework
    "nav.live": "Class question",
    "join.title": "New in the class? Join it",
    "join.body": "The first time only: the class code and your name. Once your teacher "
                 "lets you in, the app gives you two secret pictures to sign in with.",
    "join.code": "Class code (from your teacher's screen)",
    "join.button": "Join",
    "join.name": "Your name in the class",
    "join.your_secret": "Your secret pictures are **{first}** and **{second}**, in that "
                        "order. Remember them: next time you sign in with your class code, "
                        "your name and these two pictures.",
    "join.secret_help": "Your teacher has them too, and can print you a login card.",
    "join.got_it": "I will remember them",
    "teacher.refused": "This page is for teachers. Learners cannot open it.",
    "teacher.title": "Teacher sign-in",
    "teacher.body": "The Classroom is for teachers: sign in with your name and password. "
                    "(On the server, `make teacher NAME=\"...\"` adds a teacher and "
                    "`make teacher-password NAME=\"...\"` replaces a forgotten password.)",
    "teacher.name": "Teacher name",
    "teacher.password": "Password",
    "teacher.sign_in": "Sign in",
    "teacher.wrong": "That name and password do not match a teacher.",
    "teacher.busy": "The server is checking many passwords just now: try again in a "
                    "moment.",
    "count.teacher_wait.one": "Too many wrong passwords: wait {n} second before trying "
                              "again.",
    "count.teacher_wait.other": "Too many wrong passwords: wait {n} seconds before trying "
                                "again.",
    "count.teacher_locked.one": "Too many wrong passwords: this sign-in is locked for {n} "
                                "minute. Another teacher can lift the lock in the "
                                "Classroom.",
    "count.teacher_locked.other": "Too many wrong passwords: this sign-in is locked for {n} "
                                  "minutes. Another teacher can lift the lock in the "
                                  "Classroom.",
    "count.teacher_wrong_before.one": "Before you signed in, {n} wrong password was tried "
                                      "for your name.",
    "count.teacher_wrong_before.other": "Before you signed in, {n} wrong passwords were "
                                        "tried for your name.",
    "teacher.wrong_before_from": "The last one came from {address}.",
    "teacher.seen": "Seen",
    "teacher.signed_in": "Teacher: **{name}**",
    "teacher.sign_out": "Sign out (teacher)",
    "live.title": "Class question",
    "live.classes": "My classes",
    "live.class_name": "New class name",
    "live.create_class": "Create class",
    "live.class": "Class",
    "live.ask": "Ask the class this (live)",
    "live.ask_instead": "Ask this instead",
    "live.ask_instead_note": "A question is up: asking this one puts it on the phones in "
                             "its place.",
    "live.asked_already": "This is the question up now: the class is answering it.",
    "live.renew": "New join code",
    "live.end": "End the live session",
    "live.join_at": "Join on your phone: Class question, code",
    "live.show_answers": "Show answers",
    "live.hide_answers": "Hide answers",
    "live.close": "Close the question",
    "live.reopen": "Open the question again",
    "live.names": "Names on screen",
    "live.next": "Next question",
    "live.no_next": "There is no next step or puzzle to ask.",
    "live.answered": "{n} of {total} answered",
    "live.open": "Answers are open: learners can still change theirs.",
    "live.closed": "The question is closed.",
    "live.position_prompt": "Make the best move in this position.",
    "live.verdict.correct": "correct",
    "live.verdict.missed": "legal, but misses the goal",
    "live.verdict.illegal": "not allowed",
    "live.verdict.legal": "legal",
    "live.not_in_class": "You are not in a class yet: join with the code on your "
                         "teacher's screen.",
    "live.waiting": "Waiting for the teacher of {name} to ask a question…",
    "live.question": "Question {n}",
    "live.too_late": "The question was closed before your answer arrived.",
    "live.no_answer_yet": "Choose cards, then Capture, Build or Trail to answer.",
    "live.your_answer": "Your answer: **{move}**",
    "live.can_change": "You can change it until the teacher closes the question.",
    "homework.title": "Homework",
    "homework.yours": "Homework from your teacher",
    "homework.task_done": "✓ {title} — done",
    "homework.due": "(due {date})",
    "homework.kind": "Assign",
    "homework.kind.puzzles": "Puzzles",
    "homework.kind.lesson": "A lesson",
    "homework.name": "Title",
    "homework.themes": "Puzzles of these themes",
    "homework.difficulty": "Of this difficulty",
    "homework.any": "any",
    "homework.picked": "Or these puzzles, picked by hand",
    "homework.due_date": "Due date (optional)",
    "homework.assign": "Assign to the class",
    "homework.default_title": "Homework",
    "homework.no_learners": "No learner has joined this class yet.",
    "homework.learner": "Learner",
    "homework.task": "Task",
    "homework.moves_of": "Moves tried by {name}, in order:",
    "homework.no_tries": "No try yet.",
    "homework.common_wrong": "Most common wrong moves in {task}: {moves}",
    "homework.csv_table": "Download the table (CSV)",
    "homework.csv_moves": "Download every move tried (CSV)",
    "classes.teacher_exists": "There is already a teacher called {name}.",
    "classes.needs_name": "A class needs a name.",
    "classes.no_free_code": "No free join code was found; try again.",
    "classes.unknown_code": "No class has this code: check it with your teacher.",
    "classes.homework_empty": "Homework needs at least one lesson or puzzle.",
    "classes.password_short": "A teacher's password needs at least {n} characters.",
    "records.title": "Records (export, delete)",
    "records.export_class": "Export the class's records (JSON)",
    "records.export_learner": "Export this learner's record (JSON)",
    "records.sure_learner": "Yes, delete everything kept about {name}",
    "records.delete_learner": "Delete this learner's record",
    "records.sure_class": "Yes, delete the class {name} and its learners' records",
    "records.delete_class": "Delete the class",
    # honest controls, one message per try, rule links
    "board.build_plain": "Build",
    "board.build_help": "Your card and the table cards you chose make {n} together",
    "board.build_help_groups": "They make {total}: build {n}s, in groups of {n} each",
    "board.start_again": "Start again",
    "rules.ref_one": "(rule {links})",
    "rules.ref_many": "(rules {links})",
    "play.computer": "The computer",
    "play.with_level": "{name} (level {n})",
    "play.pile.computer": "The computer's pile",
    "play.advanced": "Advanced",
    "play.random_move": "Level 1 plays at random: it picked this move by chance from its "
                        "legal moves, not for a reason.",
}

MESSAGES.update({f"play.level.{n}": name for n, name in LEVEL_NAMES.items()})
MESSAGES.update({f"play.level_short.{n}": name.split(":")[0]
                 for n, name in LEVEL_NAMES.items()})
MESSAGES.update({f"play.item.{item}": ITEM_LABELS[item] for item in ITEMS})

# the language picker; the rules' presets and settings explained (their English
# comes from the engine's tables) and the puzzle themes' names
MESSAGES.update({
    "sidebar.language": "Language",
})
MESSAGES.update({f"rules.preset.{name}": text for name, text in PRESET_HELP.items()})
MESSAGES.update({f"rules.setting.{s.name}": s.help for s in SETTINGS})
MESSAGES.update({  # the words drawn on the cards and read by screen readers
    "board.face_down": "face-down card",
    "board.controller_you": "You",
    "board.controller_partner": "Partner",
    "board.controller_opponent": "Opponent",
    "board.controller_seat": "Player {seat}",
    # a build for screen readers: one whole entry per kind and controller
    "board.build_label.single.you": "build of {value} (single): {cards}; controlled by you",
    "board.build_label.single.partner": "build of {value} (single): {cards}; controlled by "
                                        "partner",
    "board.build_label.single.opponent": "build of {value} (single): {cards}; controlled by "
                                         "opponent",
    "board.build_label.single.seat": "build of {value} (single): {cards}; controlled by "
                                     "Player {seat}",
    "board.build_label.multiple.you": "build of {value} (multiple): {cards}; controlled by "
                                      "you",
    "board.build_label.multiple.partner": "build of {value} (multiple): {cards}; controlled "
                                          "by partner",
    "board.build_label.multiple.opponent": "build of {value} (multiple): {cards}; controlled "
                                           "by opponent",
    "board.build_label.multiple.seat": "build of {value} (multiple): {cards}; controlled by "
                                       "Player {seat}",
    "board.stack": "{caption}: {count}",
})

# Who is who: class learners' secrets, login cards, the limits on wrong tries, teachers'
# devices; the secret pictures' words (services/pictures.py)
MESSAGES.update({
    "nav.cards": "Login cards",
    "cards.title": "Login cards",
    "cards.class": "Class",
    "cards.no_class": "Make a class in the Classroom first: its learners' cards appear here.",
    "cards.no_learners": "This class has no learners yet: add them in the Classroom "
                         "(\"Learners and secrets\"), or let them join with the code.",
    "cards.help": "One card per learner: print this page (the menu is left off the paper), "
                  "or download the cards and print the file. Cut along the dashed lines. "
                  "A card signs its learner in: hand each one to its owner.",
    "cards.download": "Download the cards (HTML, to print)",
    "cards.file_title": "Login cards: {name}",
    "cards.class_line": "Class {name}",
    "cards.words": "{first} + {second}",
    "cards.qr_alt": "QR code that signs {name} in",
    "signin_panel.title": "Learners and secrets",
    "signin_panel.help": "Each learner of the class signs in with the class code, their name "
                         "and two secret pictures, or with their login card. Only you see "
                         "the secrets.",
    "signin_panel.cards": "Print login cards",
    "signin_panel.add_names": "Add learners (one name per line)",
    "signin_panel.add_help": "Each gets two secret pictures and a login card. A name the "
                             "class has already, or one that looks like it, is not added.",
    "signin_panel.add": "Add",
    "signin_panel.added": "In the class: {name}.",
    "signin_panel.not_added": "Could not add {name}: {why}",
    "signin_panel.show_secrets": "Show the secret pictures",
    "signin_panel.col_pictures": "Secret pictures",
    "signin_panel.reset": "Give a new secret",
    "signin_panel.reset_help": "New pictures and a new card; the old card stops working and "
                               "the learner is signed out everywhere.",
    "signin_panel.reset_done": "{name}'s new secret pictures: {first} and {second}. Print "
                               "a new card for them.",
    "signin_panel.look_alikes": "Some names look alike (they were made before such names "
                                "were refused). Rename one of each group so nobody is "
                                "taken for someone else.",
    "signin_panel.new_name": "New name",
    "signin_panel.rename": "Rename",
    "signin_panel.renamed": "New name: {name}.",
    "limits.title": "Wrong tries and lockouts",
    "limits.none": "No wrong tries just now.",
    "limits.col.who": "Who",
    "limits.col.kind": "What was tried",
    "limits.col.wrong": "Wrong tries",
    "limits.col.last": "Last try",
    "limits.col.from": "From",
    "limits.kind.teacher": "teacher password",
    "limits.kind.join": "class code",
    "limits.address": "address {address}",
    "limits.teacher_name": "teacher {name}",
    "limits.unknown_name": "a name not in your classes",
    "limits.pick": "Lift the lock of",
    "limits.lift": "Lift",
    "count.lockouts.one": "{n} sign-in locked",
    "count.lockouts.other": "{n} sign-ins locked",
    "devices.title": "Your signed-in devices",
    "devices.help": "Where you are signed in as a teacher. A device stays signed in for 12 "
                    "hours after its last use, 7 days at most. Sign out any you do not "
                    "recognise.",
    "devices.unknown": "a browser",
    "devices.col.device": "Device",
    "devices.col.address": "Address",
    "devices.col.signed_in": "Signed in",
    "devices.col.used": "Last used",
    "devices.pick": "Device",
    "devices.end": "Sign that device out",
})
MESSAGES.update({f"picture.{name}": name for name in (
    "dog", "cat", "mouse", "rabbit", "fox", "bear", "panda", "tiger", "lion", "cow", "pig",
    "frog", "monkey", "chick", "penguin", "owl", "horse", "unicorn", "bee", "butterfly",
    "snail", "turtle", "octopus", "fish", "whale", "apple", "banana", "grapes", "strawberry",
    "cherries", "carrot", "pizza", "cake", "moon", "star", "rainbow", "flower", "tree",
    "ball", "balloon", "car", "rocket", "boat", "bell", "guitar", "crown", "key", "umbrella")})
MESSAGES.update({  # a class period and a learner's first hour, end to end
    "learn.state.assigned": "Homework",
    "learn.assigned": "Your teacher assigned this lesson as homework, so it is open now, "
                      "before the lessons it builds on. Your stars count as usual.",
    "learn.skipped": "Step {n} is not solved yet: you can come back to it. Its hints and "
                     "wrong tries stay with it, and the lesson can only be finished once "
                     "it is solved.",
    "count.homework-assigned.one": "Assigned: {n} task.",
    "count.homework-assigned.other": "Assigned: {n} tasks.",
    "count.homework-ahead.one": "“{title}” comes after lessons that {n} learner of the "
                                "class has not finished yet ({names}). As homework it opens "
                                "for them all the same.",
    "count.homework-ahead.other": "“{title}” comes after lessons that {n} learners of the "
                                  "class have not finished yet ({names}). As homework it "
                                  "opens for them all the same.",
})
MESSAGES.update({  # puzzles on what was taught; homework said
    "puzzles.assigned": "Homework from your teacher.",
    "puzzles.taught": "Puzzles on what your finished lessons taught: {themes}. Other themes "
                      "are in the filters.",
    "puzzles.none_taught": "None of the lessons you have finished has puzzles yet: the first "
                           "puzzles open here once you finish “{title}”.",
    "puzzles.none_taught_any": "None of the lessons you have finished has puzzles.",
    "puzzles.show_all": "Show me every puzzle all the same",
})
MESSAGES.update({  # the live question, from every page
    "live_call.waiting": "Your class {name} has question {n} up: answer it now",
    "live_call.answered": "Question {n} of {name} is up, and you have answered: see it, or "
                          "change your answer",
    "live_call.closed": "Question {n} of {name} is closed: see the answers",
})
MESSAGES.update({  # the address phones open (flows/address.py), said on the projector
    "address.configured": "Phones open {url} (set by {setting}).",
    "address.browser": "Phones open {url}, the address this browser opened. If they cannot, "
                       "set {setting} to an address they reach.",
    "address.network": "Phones open {url}, this server's address on the network. They must "
                       "be on the same network, and the server's firewall must let port "
                       "{port} in; or set {setting} to an address they reach.",
    "address.nowhere": "This server has no network address, so phones cannot open {url}: "
                       "connect it to the classroom's network, or set {setting} to an "
                       "address phones reach.",
    "address.local-only": "This server listens on this computer only, so phones cannot open "
                          "{url}: start it without --server.address 127.0.0.1 (as make run "
                          "does), or set {setting} to an address phones reach.",
    "links.copy": "Link to this (copy it, or open it on another device):",
})
MESSAGES.update({  # issue 31, cards: login cards that open from a phone, devices named
    "cards.scan_here": "Scan with a phone's camera to sign in.",
    "cards.type": "No camera? Open {address} and sign in with the class code, your name "
                  "and your two pictures.",
    "cards.one": "Only {name}'s card is shown.",
    "cards.all": "Show every card of the class",
    "signin_panel.print_one": "Print this learner's card",
    "devices.named": "{browser} on {system}",
    "devices.browser_only": "{browser} on an unknown system",
    "devices.system_only": "a browser on {system}",
    "devices.this_named": "{device} (this device)",
    "devices.choice": "{device}, {address}, signed in {signed_in}, last used {used}",
})
MESSAGES.update({  # class progress counts every try
    "class.col.tries": "Tries",
    "count.class-tries-live.one": "{tries} ({n} live answer)",
    "count.class-tries-live.other": "{tries} ({n} live answers)",
})
MESSAGES.update({  # controls say what they will do
    "board.build_item": "the build of {value}",
    "board.chosen_both": "Your card: **{card}**, to take from the table: **{items}**.",
    "board.chosen_card": "Your card: **{card}**. Now choose what it takes from the table, "
                         "or press Trail to lay it down.",
    "board.chosen_table": "From the table: **{items}**. Now choose the card from your hand "
                          "that takes them.",
    "board.first.capture": "Choose a card from your hand first, then the table cards it "
                           "captures, then press Capture.",
    "board.first.build": "Choose a card from your hand first, then the table cards to build "
                         "with, then press Build.",
    "board.first.trail": "Choose the card from your hand to lay on the table first, then "
                         "press Trail.",
})
MESSAGES.update({
    "learn.choose_first": "Pick an answer first, then press Check.",
    "count.finish-missing.one": "Solve the remaining {n} exercise to finish.",
    "count.finish-missing.other": "Solve the remaining {n} exercises to finish.",
    "count.puzzles-pool.one": "{n} puzzle matches your choice.",
    "count.puzzles-pool.other": "{n} puzzles match your choice.",
    "count.streak-now.one": "Streak: {n} puzzle solved in a row.",
    "count.streak-now.other": "Streak: {n} puzzles solved in a row.",
    "count.streak-new-best.one": "A new best: {n} puzzle in a row!",
    "count.streak-new-best.other": "A new best: {n} puzzles in a row!",
})
MESSAGES.update({  # issue 31, proxy: a page refused at the sessions one address may hold
    "connections.full_title": "Too many pages open",
    "count.connections-full.one": "This server already has {n} page of Cassino Tutor open "
                                  "from your network, the most it allows for one network. "
                                  "Close a tab you are not using, then reload this page.",
    "count.connections-full.other": "This server already has {n} pages of Cassino Tutor open "
                                    "from your network, the most it allows for one network. "
                                    "Close a tab you are not using, then reload this page.",
})
MESSAGES.update({  # issue 31, reports: the homework report by step, the CSVs in the
    # teacher's language (flows/homework.py, flows/class_report.py)
    "homework.step_title": "{n}. {title}",
    "homework.step.mistake": "What is wrong: {move}",
    "homework.step_in": "{lesson} — {step}",
    "homework.same_title": "{title} ({n})",
    "homework.task_gone": "A task no longer in the course",
    "homework.legend": "✓ solved, ★ stars, (2) tries, … tried but not solved yet, — not "
                       "tried. A lesson's column counts its steps solved (3/8); each step "
                       "has a column of its own.",
    "homework.try": "{n}. {move} — {verdict}",
    "homework.solved_before": "Solved before this homework was set.",
    "homework.common_wrong_answers": "Most common wrong answers in {task}: {answers}",
    "homework.answer.nothing": "nothing picked",
    "homework.verdict.wrong": "wrong answer",
    "homework.verdict.unreadable": "not a move",
    "homework.csv.learner": "Learner",
    "homework.csv.task": "Task",
    "homework.csv.step": "Step",
    "homework.csv.try": "Try at the step",
    "homework.csv.when": "Date and time ({zone})",
    "homework.csv.move": "Move or answer",
    "homework.csv.notation": "Notation",
    "homework.csv.verdict": "Verdict",
    "homework.csv.reason": "Why not allowed",
    "homework.csv.solved": "{column}: solved",
    "homework.csv.finished": "{column}: finished",
    "homework.csv.steps_solved": "{column}: steps solved (of {total})",
    "homework.csv.stars": "{column}: stars",
    "homework.csv.tries": "{column}: tries",
    "homework.csv.last_try": "Last try ({zone})",
    "homework.csv.yes": "yes",
    "homework.csv.no": "no",
    "class.csv.lessons_finished": "Lessons finished",
    "class.csv.lessons": "Lessons in the course",
    "class.csv.live": "Live answers",
    "class.csv.last_active": "Last active ({zone})",
    "lines.choice": "{n}. {prompt}",
    "homework.step_gone": "A step no longer in the lesson",
})
MESSAGES.update({  # issue 31, names: joining waits for the teacher, names per class
    "signin.name_symbol": "A name is letters, digits and spaces, with ' - . between them: "
                          "it cannot hold {char}.",
    "signin.name_title": "A learner's name cannot hold \"{word}\": that word is for "
                         "teachers. Use your own name.",
    "join.listed_only": "This class takes only the names its teacher lists: ask your "
                        "teacher for your login card.",
    "join.name_listed": "Your teacher has already listed this name: ask for your login "
                        "card.",
    "join.name_waiting": "Someone is already waiting to join under this name: tell your "
                         "teacher.",
    "join.class_full": "Too many learners are waiting to join this class: ask your teacher "
                       "to let them in first.",
    "join.address_full": "Too many learners are waiting to join from this network: ask "
                         "your teacher to let them in first.",
    "join.refused": "Your teacher did not let you in under this name: ask your teacher.",
    "join.gone": "Your request to join is no longer waiting (it was withdrawn, or it "
                 "waited too long): ask again.",
    "join.waiting_title": "Waiting for your teacher to let you in",
    "join.waiting_body": "You asked to join {room} as **{name}**. Your teacher sees your "
                         "name on the Classroom screen; this page goes on by itself once "
                         "you are let in.",
    "join.cancel": "Cancel",
    "join.keep_open": "Keep this page open: it looks for your teacher's answer every few "
                      "seconds.",
    "classes.class_exists": "You already have a class called {name}: give this one "
                            "another name.",
    "classes.name_too_long": "A class name has at most {n} characters.",
    "classes.roster_teacher": "{name} looks like a teacher's name: a learner needs "
                              "another name.",
    "classes.roster_taken": "{room} already has {other}, and the two names would look the "
                            "same: add an initial to tell them apart.",
    "classes.name_in": "{name} ({room})",
    "classes.rename_taken": "{name} is taken where this learner is (or looks like a name "
                            "that is): choose another one.",
    "join_panel.title": "Joining the class",
    "count.join-waiting.one": "Joining the class: {n} learner waiting",
    "count.join-waiting.other": "Joining the class: {n} learners waiting",
    "join_panel.rule": "How learners join",
    "join_panel.rule.approve": "I approve each join",
    "join_panel.rule.listed": "Only the names I list",
    "join_panel.rule.open": "Anyone with the code",
    "join_panel.rule_help": "A learner who types the class code and a name waits on their "
                            "phone until you approve them here. The names you list in "
                            "Learners and secrets sign in with their card or pictures, "
                            "and a join can never take one of them.",
    "join_panel.none": "Nobody is waiting to join.",
    "join_panel.asked": "asked {ago}",
    "join_panel.approve": "Approve",
    "join_panel.refuse": "Refuse",
    "join_panel.approve_all": "Approve all",
    "join_panel.refuse_all": "Refuse all",
    "join_panel.approved": "In the class: {name}. Their phone is signed in; their secret "
                           "pictures are in Learners and secrets.",
    "join_panel.refused": "{name} did not get into the class.",
    "join_panel.not_approved": "Could not let {name} in: {why}",
    "join_panel.gone": "This request is no longer waiting.",
    "count.join-waiting-projector.one": "{n} learner is waiting to join: leave projector "
                                        "mode to let them in.",
    "count.join-waiting-projector.other": "{n} learners are waiting to join: leave "
                                          "projector mode to let them in.",
})
MESSAGES.update({  # issue 31, limits: known devices, cards, locks, the teacher's view
    # to a learner
    "limits.pictures_shut": "Too many wrong tries for this name: signing in with pictures "
                            "on a new phone stays closed until your teacher gives you a new "
                            "secret. Your login card still works, and so does a phone you "
                            "signed in on before.",
    "count.limits_pictures_minutes.one": "Too many wrong tries for this name: signing in "
                                         "with pictures on a new phone is closed for {n} "
                                         "minute. Your login card still works, and so does a "
                                         "phone you signed in on before.",
    "count.limits_pictures_minutes.other": "Too many wrong tries for this name: signing in "
                                           "with pictures on a new phone is closed for {n} "
                                           "minutes. Your login card still works, and so "
                                           "does a phone you signed in on before.",
    "count.limits_pictures_hours.one": "Too many wrong tries for this name: signing in with "
                                       "pictures on a new phone is closed for {n} hour. Your "
                                       "login card still works, and so does a phone you "
                                       "signed in on before.",
    "count.limits_pictures_hours.other": "Too many wrong tries for this name: signing in "
                                         "with pictures on a new phone is closed for {n} "
                                         "hours. Your login card still works, and so does a "
                                         "phone you signed in on before.",
    "limits.class_wrong_any": "The class code, the name or the pictures do not match. Check "
                              "them on your login card, or ask your teacher.",
    "limits.card_expired": "This login card is out of date (a card works for a year). Ask "
                           "your teacher for a new one.",
    "limits.signed_out": "You were signed out here (from another tab, or by your teacher). "
                         "Sign in again.",
    "limits.card_ask": "This login card is **{card}**'s, and this phone is signed in as "
                       "**{current}**. Switch to {card}?",
    "limits.card_switch": "Yes, switch to {card}",
    "limits.card_stay": "No, stay as {current}",
    # to a teacher
    "limits.password_common": "This password is one of the most common ones, which "
                              "guessers try first: choose another.",
    "limits.teacher_shut": "Too many wrong passwords for this name: signing in from a "
                           "browser you have not used before stays closed until the "
                           "password is changed (make teacher-password NAME=...). A browser "
                           "where you signed in before still works.",
    "count.limits_teacher_minutes.one": "Too many wrong passwords for this name: signing in "
                                        "from a browser you have not used before is closed "
                                        "for {n} minute. A browser where you signed in "
                                        "before still works, and another teacher can lift "
                                        "the lock in the Classroom.",
    "count.limits_teacher_minutes.other": "Too many wrong passwords for this name: signing "
                                          "in from a browser you have not used before is "
                                          "closed for {n} minutes. A browser where you "
                                          "signed in before still works, and another "
                                          "teacher can lift the lock in the Classroom.",
    "count.limits_teacher_hours.one": "Too many wrong passwords for this name: signing in "
                                      "from a browser you have not used before is closed "
                                      "for {n} hour. A browser where you signed in before "
                                      "still works, and another teacher can lift the lock in "
                                      "the Classroom.",
    "count.limits_teacher_hours.other": "Too many wrong passwords for this name: signing in "
                                        "from a browser you have not used before is closed "
                                        "for {n} hours. A browser where you signed in before "
                                        "still works, and another teacher can lift the lock "
                                        "in the Classroom.",
    "limits.panel_help": "Wrong tries per learner, per teacher name and per address. An "
                         "address never stops a learner's right pictures or login card, and "
                         "a browser used before is judged by its own count. A name is closed "
                         "to new browsers for an hour after 10 wrong tries, twice as long "
                         "after each further one (a day at most), and until you give a new "
                         "secret after 30 (a teacher: until the password is changed, after "
                         "100). Lift opens a lock and keeps the count.",
    "count.limits_wrong_total.one": "{n} wrong try",
    "count.limits_wrong_total.other": "{n} wrong tries",
    "limits.a_browser": "a browser used before",
    "limits.kind.pictures": "secret pictures",
    "limits.kind.card": "login card",
    "limits.col.browser": "Browsers",
    "limits.col.now": "Now",
    "limits.browser.new": "new browsers",
    "limits.browser.known": "a browser used before",
    "limits.browser.address": "all at this address",
    "limits.state.open": "open",
    "limits.state.counted": "counted only",
    "count.limits_state_minutes.one": "locked for {n} more minute",
    "count.limits_state_minutes.other": "locked for {n} more minutes",
    "count.limits_state_hours.one": "locked for {n} more hour",
    "count.limits_state_hours.other": "locked for {n} more hours",
    "limits.state.shut_secret": "closed to new browsers until you give a new secret",
    "limits.state.shut_password": "closed to new browsers until the password is changed",
    "limits.state.spent": "that browser now counts as a new one",
    "limits.nothing_locked": "Nothing is locked just now.",
    "limits.lifted": "Unlocked: {who}. The count stays, so the next wrong try locks it "
                     "again.",
})
MESSAGES.update({  # puzzles a learner can trust: the streak's end, the rules beside a position
    "streak.answer.only": "The move that solves it: {move}.",
    "streak.answer.one_of": "One of the moves that solve it: {move}.",
    "puzzles.from_practice": "A task of today's practice set.",
    "puzzles.back_to_practice": "Back to today's practice",
    "puzzles.next_task": "Next task of today's set",
    "rules.beside.title": "Rules that differ here from the classic game:",
    "rules.beside.face_values.royal": "Royal values: J counts 11, Q 12 and K 13, and court "
                                      "cards add up and build like number cards (1.4).",
    "rules.beside.ace_high.true": "Aces high: an ace played from your hand to capture may "
                                  "count 1 or 14 (1.5).",
    "rules.beside.deal.ones": "The cards are dealt one at a time (2.2).",
    "rules.beside.build_in_sums.true": "A single build may count as one card of its value "
                                       "inside a sum (4.4).",
    "rules.beside.face_capture.all": "A court card takes every loose card of its rank at "
                                     "once (4.6).",
    "rules.beside.aces_like_faces.true": "An ace takes a single loose ace, like a court card "
                                         "(4.6).",
    "rules.beside.controller_trail.if_stuck": "A player who controls a build may trail when "
                                              "no capture and no build is legal (6.2).",
    "rules.beside.controller_trail.always": "A player who controls a build may trail (6.2).",
    "rules.beside.keep_capture_card.false": "A player who controls a build need not keep a "
                                            "card of its value in hand (7.1).",
    "rules.beside.sweeps.off": "Sweeps score nothing (8.1).",
    "rules.beside.sweep_points.2": "Each sweep scores 2 points (8.1).",
    "rules.beside.last_play_sweep.false": "A capture with the last card of the hand is not a "
                                          "sweep (8.2).",
    "rules.beside.scoring.spades": "Spade Casino: every spade scores 1 point and the J♠ 1 "
                                   "more (10.3).",
    "rules.beside.target": "The game is played to {points} points (10.4).",
    "rules.beside.target.hand": "A single hand decides the game (10.4).",
    "rules.beside.tie_break.count_out": "When several sides reach the target, the first to "
                                        "reach it as the items are counted wins (10.4).",
    "rules.beside.builds.off": "No building: every move is a capture or a trail (11.1).",
    "rules.beside.draw.true": "Draw Casino: each player draws a card after every play while "
                              "the stock lasts (11.2).",
})
MESSAGES.update({  # the Sandbox's problems that name a seat, naming it as its player
    "sandbox.problem.seat": "Player {seat} does not exist with {players} players.",
    "sandbox.problem.uncovered": "Player {seat} controls a build of {values} but holds no "
                                 "card to take it (7.1).",
    "sandbox.problem.build-seat": "The {value}-build ({cards}) belongs to Player {seat}, who "
                                  "is not at the table.",
})
MESSAGES.update({  # the menu of a visitor (nobody signed in): the teacher's one way in
    "nav.section.teachers": "Teachers",
    "nav.for_teachers": "For teachers",
})
