"""Cross-sectional return prediction: features per (date, asset) -> next-day return."""
import jax
import jax.numpy as jnp

from losses import weighted_mse

N_DATES, N_ASSETS, N_FEATS = 20, 30, 6


def make_panel(key):
    k1, k2, k3 = jax.random.split(key, 3)
    feats = jax.random.normal(k1, (N_DATES, N_ASSETS, N_FEATS))
    beta = jax.random.normal(k2, (N_FEATS,)) * 0.01
    returns = feats @ beta + 0.02 * jax.random.normal(k3, (N_DATES, N_ASSETS))
    return feats, returns


def objective(w, feats, returns):
    return weighted_mse(feats @ w, returns)


def spearman_by_date(preds, returns):
    rp = jnp.argsort(jnp.argsort(preds, -1), -1)
    rr = jnp.argsort(jnp.argsort(returns, -1), -1)
    return jnp.mean(jnp.array([jnp.corrcoef(a, b)[0, 1] for a, b in zip(rp, rr)]))


def main():
    feats, returns = make_panel(jax.random.key(0))
    w = jnp.zeros(N_FEATS)
    step = jax.jit(jax.value_and_grad(objective))
    for epoch in range(50):
        loss, g = step(w, feats, returns)
        w = w - 0.3 * g
    score = spearman_by_date(feats @ w, returns)
    print(f"final loss {float(loss):.6f}, mean Spearman {float(score):.3f}")
    return float(score)


if __name__ == "__main__":
    main()
