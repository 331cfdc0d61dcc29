"""Portfolio objectives on long-only weights given by a softmax of logits."""
import jax
import jax.numpy as jnp


def weights_from_logits(logits):
    return jax.nn.softmax(logits)


def objective_terms(logits, mu, cov, prev_w):
    w = weights_from_logits(logits)
    return {
        "neg_return": -w @ mu,
        "variance": w @ cov @ w,
        "turnover": jnp.sum(jnp.sqrt((w - prev_w) ** 2 + 1e-8)),
    }


def make_scalarized(terms_fn, trade_offs):
    """Weighted-sum scalarisation of a multi-objective problem."""
    def scalarized(*args, **kwargs):
        terms = terms_fn(*args, **kwargs)
        return sum(trade_offs[name] * value for name, value in terms.items())
    return scalarized
