"""The `ratinglist` command line (Typer): thin commands over the library."""
