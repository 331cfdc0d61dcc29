"""ListNet-style softmax cross-entropy over the documents of each query."""
import jax
import jax.numpy as jnp

from ranking.instrument import with_score_penalty


def score(params, features):
    hidden = jax.nn.relu(features @ params["w1"] + params["b1"])
    return hidden @ params["w2"]


def dcg_at_k(relevance, scores, k=5):
    order = jnp.argsort(-scores, axis=-1)[:, :k]
    gains = jnp.take_along_axis(relevance, order, axis=-1)
    discounts = 1.0 / jnp.log2(jnp.arange(2, k + 2))
    return jnp.sum((2.0**gains - 1.0) * discounts, axis=-1)


@with_score_penalty(1e-3)
def listnet(params, batch):
    scores = score(params, batch["features"])
    batch["scores_cache"] = scores
    target = jax.nn.softmax(batch["relevance"], axis=-1)
    loss = -jnp.mean(jnp.sum(target * jax.nn.log_softmax(scores, axis=-1), axis=-1))
    ideal = dcg_at_k(batch["relevance"], batch["relevance"])
    ndcg = jnp.mean(dcg_at_k(batch["relevance"], scores) / ideal)
    return loss, {"ndcg@5": ndcg}
