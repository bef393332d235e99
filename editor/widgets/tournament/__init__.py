"""Tournaments in the app: the setup form and its entrants, the standings and ratings as games
finish, and the tab that runs them."""
