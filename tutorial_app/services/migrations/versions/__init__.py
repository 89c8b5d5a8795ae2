"""The progress store's schema revisions, oldest first by their numbers."""
