"""Tests of the DHR rule set."""
