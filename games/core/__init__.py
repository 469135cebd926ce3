"""What every game shares: the engine protocol, errors, seeded randomness, the registry, conformance."""
