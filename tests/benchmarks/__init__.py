"""Benchmarks (not timed tests): `make bench` runs `python -m tests.benchmarks`."""
