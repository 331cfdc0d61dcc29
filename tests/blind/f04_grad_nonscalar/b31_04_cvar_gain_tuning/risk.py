"""Risk measures that turn an ensemble of closed-loop costs into one number."""
import jax.numpy as jnp

RISK_MEASURES = {}


def risk_measure(name):
    def register(fn):
        RISK_MEASURES[name] = fn
        return fn
    return register


@risk_measure("mean")
def expected_cost(costs, **_):
    return jnp.mean(costs)


@risk_measure("worst")
def worst_case(costs, **_):
    return jnp.max(costs)


@risk_measure("cvar")
def conditional_value_at_risk(costs, alpha=0.2):
    """Average of the worst alpha-fraction of the ensemble."""
    k = max(1, int(round(alpha * costs.shape[0])))
    tail = jnp.sort(costs)[-k:]
    return tail
