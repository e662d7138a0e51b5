"""Building the app for the boards and the web page: .mpy files, folding, dist/, firmware, fonts, type checks."""
