"""Key-rate DV01 of an 8-year 4.5% bond against the desk's par swap quotes."""
import jax

from curve import bond_price
from market import load_quotes


def key_rate_dv01(tenors, quotes_bp):
    """Price change for a +1bp move in each quoted tenor."""
    return jax.grad(bond_price, argnums=1)(tenors, quotes_bp)


def main():
    tenors, quotes_bp = load_quotes()
    price = bond_price(tenors, quotes_bp)
    dv01 = key_rate_dv01(tenors, quotes_bp)
    print(f"price {float(price):.3f}")
    for t, v in zip(tenors, dv01):
        print(f"  {int(t):>2}y  {float(v):+.4f}")
    return dv01


if __name__ == "__main__":
    main()
