import jax

from unrolled import make_problem, train_step


def test_train_step_runs():
    D, ys, zs = make_problem(jax.random.key(1))
    W, value = train_step(0.2 * D.T, D, ys, zs)
    assert W.shape == D.T.shape
