"""End-of-day risk report for a small book of European options."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp

from pricing import bs_call, bs_put, make_greek

PRICERS = {"call": bs_call, "put": bs_put}


@dataclass(frozen=True)
class Position:
    kind: str
    strike: float
    expiry: float
    quantity: float


@dataclass(frozen=True)
class Market:
    spot: float
    vol: float
    rate: float


def position_risk(pos: Position, mkt: Market, names=("delta", "gamma", "vega", "rho")):
    pricer = PRICERS[pos.kind]
    out = {"pv": pos.quantity * pricer(mkt.spot, mkt.vol, mkt.rate, pos.expiry, strike=pos.strike)}
    for name in names:
        greek = jax.jit(make_greek(pricer, name))
        value = greek(mkt.spot, mkt.vol, mkt.rate, pos.expiry, strike=pos.strike)
        out[name] = pos.quantity * value
    return out


def book_risk(book, mkt):
    totals = {}
    for pos in book:
        for k, v in position_risk(pos, mkt).items():
            totals[k] = totals.get(k, 0.0) + v
    return totals


BOOK = [
    Position("call", 100.0, 0.5, 10.0),
    Position("put", 95.0, 0.25, -5.0),
    Position("call", 110.0, 1.0, 3.0),
]


def main():
    mkt = Market(spot=102.0, vol=0.22, rate=0.03)
    for k, v in book_risk(BOOK, mkt).items():
        print(f"{k:>6} {float(v):12.4f}")


if __name__ == "__main__":
    main()
