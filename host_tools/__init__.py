"""Desktop tools, in folders by job: building/ (for the boards and the web page), board/ (talking
to a board over USB), desk/ (playing on the desktop), benches/ (`make bench`).  `python -m
host_tools` is the one command over them (host_tools/__main__.py)."""
