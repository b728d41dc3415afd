"""`python -m rawdeal` runs the command line."""

from rawdeal.cli import main

main()
