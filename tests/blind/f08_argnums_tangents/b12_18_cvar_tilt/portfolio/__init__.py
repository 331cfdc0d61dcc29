"""Risk analytics for a long-only equity portfolio plus a cash sleeve."""
