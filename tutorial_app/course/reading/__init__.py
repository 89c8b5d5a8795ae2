"""Reading lesson and puzzle files: YAML with line numbers (yamlsrc.py), a lesson or
puzzle set file (loader.py), a step (step_reader.py), a goal, a position, the part
play steps and puzzles share (playable.py), the errors and limits of a file, stages,
and the rules page.
"""
