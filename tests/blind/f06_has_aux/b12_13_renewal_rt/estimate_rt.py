"""Estimate R_t for a synthetic outbreak with a jitted Adagrad loop."""
import jax
import jax.numpy as jnp

from renewal.model import RenewalModel


def synthetic_cases(n_days=70):
    t = jnp.arange(n_days)
    rt = jnp.where(t < 30, 1.6, 0.8)
    model = RenewalModel(jnp.zeros(n_days))
    cases = [10.0]
    for day in range(1, n_days):
        model.cases = jnp.asarray(cases + [0.0] * (n_days - day))
        cases.append(float(rt[day] * model.infectiousness()[day]) + 1.0)
    return jnp.asarray(cases)


def estimate(model, n_steps=300, lr=0.1):
    step = jax.jit(jax.value_and_grad(model.neg_log_lik, has_aux=True))
    log_rt = jnp.zeros(model.cases.shape[0])
    acc = jnp.zeros_like(log_rt)
    for _ in range(n_steps):
        (value, metrics), g = step(log_rt)
        acc = acc + g ** 2
        log_rt = log_rt - lr * g / (jnp.sqrt(acc) + 1e-8)
    return jnp.exp(log_rt), value


def main():
    model = RenewalModel(synthetic_cases())
    rt, value = estimate(model)
    print("objective", float(value), "R_t early/late", float(rt[20]), float(rt[60]))


if __name__ == "__main__":
    main()
