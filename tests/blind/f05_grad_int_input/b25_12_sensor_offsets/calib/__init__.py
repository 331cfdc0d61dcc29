from calib.csvio import parse_value, read_table
from calib.sensors import SensorBank

__all__ = ["parse_value", "read_table", "SensorBank"]
