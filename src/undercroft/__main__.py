"""`python -m undercroft` runs the command line."""

from undercroft.cli import main

main()
