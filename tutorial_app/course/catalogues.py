"""The translators' command's old address, `python -m tutorial_app.course.catalogues`:
it runs `python -m tutorial_app.course.authoring.catalogues` (kept while the session's
helpers still use the old command; delete once nobody does)."""

import runpy

if __name__ == "__main__":
    runpy.run_module("tutorial_app.course.authoring.catalogues", run_name="__main__")
