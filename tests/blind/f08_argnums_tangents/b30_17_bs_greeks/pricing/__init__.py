from pricing.black_scholes import MARKET_ARGS, bs_call, bs_put
from pricing.greeks import make_greek

__all__ = ["MARKET_ARGS", "bs_call", "bs_put", "make_greek"]
