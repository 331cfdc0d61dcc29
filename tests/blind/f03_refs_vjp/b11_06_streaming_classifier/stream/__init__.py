"""Online classification of sensor windows, with a normaliser kept in a Ref."""
