"""Hostile bots for the process layer's tests, and helpers to look for their survivors."""
