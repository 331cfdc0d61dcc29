"""Soil-moisture regression from radar backscatter, with running normalisation."""
