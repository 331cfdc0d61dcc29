"""A mixture cure model with a gamma time-to-relapse distribution."""
