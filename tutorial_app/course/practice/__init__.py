"""Practice: the skills a task exercises, how likely a learner is to get the next one
right (mastery.py), spaced review (review.py), the daily set (plan.py) and the models
fitted to the attempts (fit.py).
"""
