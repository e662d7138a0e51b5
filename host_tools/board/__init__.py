"""Talking to a board over USB: send requests, pull the save, deploy the app."""
