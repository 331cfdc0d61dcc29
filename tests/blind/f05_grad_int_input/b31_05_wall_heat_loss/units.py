"""Design conditions and material constants (SI units, temperatures in deg C)."""

T_INSIDE_C = 20
T_OUTSIDE_C = -10

BRICK_K = 0.72        # W/(m K)
MINERAL_WOOL_K = 0.037
PLASTER_K = 0.5

H_INSIDE = 7.7        # W/(m^2 K), surface film coefficients
H_OUTSIDE = 25.0
