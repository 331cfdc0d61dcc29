"""Score association hypotheses of radar tracks and tune the gating noise."""
import jax
import jax.numpy as jnp

from smooth import smooth_max


def hypothesis_scores(log_sigma, predicted, detections):
    sigma = jnp.exp(log_sigma)
    d2 = jnp.sum((predicted[None, :] - detections) ** 2, axis=-1)
    return -0.5 * d2 / sigma**2 - 2.0 * log_sigma


def track_score(log_sigma, predicted, detections):
    return smooth_max(hypothesis_scores(log_sigma, predicted, detections), 0.1)


def total_score(log_sigma, predicted, detections):
    per_track = jax.vmap(track_score, in_axes=(None, 0, 0))(log_sigma, predicted, detections)
    return jnp.sum(per_track)


def tune(log_sigma, predicted, detections, lr=0.01, steps=10):
    for _ in range(steps):
        log_sigma = log_sigma + lr * jax.grad(total_score)(log_sigma, predicted, detections)
    return log_sigma


def main():
    key = jax.random.key(0)
    predicted = jax.random.normal(key, (5, 2))
    detections = predicted[:, None, :] + 0.3 * jax.random.normal(jax.random.key(1), (5, 4, 2))
    print("sigma", jnp.exp(tune(jnp.array(0.0), predicted, detections)))


if __name__ == "__main__":
    main()
