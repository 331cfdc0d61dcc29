import jax
import jax.numpy as jnp

from calibration import TemperatureScaler


def expected_calibration_error(probs, labels, n_bins=10):
    conf = probs.max(axis=1)
    correct = probs.argmax(axis=1) == labels
    bins = jnp.minimum((conf * n_bins).astype(int), n_bins - 1)
    ece = 0.0
    for b in range(n_bins):
        mask = bins == b
        count = mask.sum()
        if count > 0:
            ece += jnp.abs(jnp.where(mask, conf, 0).sum() - jnp.where(mask, correct, 0).sum()) / len(labels)
    return float(ece)


def overconfident_validation_set(n=400, k=5):
    labels = jax.random.randint(jax.random.key(0), (n,), 0, k)
    noise = jax.random.normal(jax.random.key(1), (n, k))
    logits = 4.0 * (jax.nn.one_hot(labels, k) + 0.8 * noise)
    return logits, labels


def main():
    logits, labels = overconfident_validation_set()
    before = expected_calibration_error(jax.nn.softmax(logits), labels)
    scaler = TemperatureScaler().fit(logits, labels)
    after = expected_calibration_error(jax.nn.softmax(scaler(logits)), labels)
    print(f"T={float(scaler.temperature):.3f} ECE before {before:.3f} after {after:.3f}")
    return scaler


if __name__ == "__main__":
    main()
