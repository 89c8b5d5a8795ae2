"""Entry point for `python -m tutorial_app.course`."""

import sys

from tutorial_app.course.authoring.cli import main

sys.exit(main())
