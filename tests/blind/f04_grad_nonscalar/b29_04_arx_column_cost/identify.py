import jax
import numpy as np

from arx import ARXModel, regression_matrix


def plate_experiment(N=300, seed=0):
    rng = np.random.default_rng(seed)
    u = np.sign(rng.standard_normal(N))          # PRBS-like heater input
    y = np.zeros(N)
    for k in range(2, N):
        y[k] = 1.5 * y[k - 1] - 0.7 * y[k - 2] + 0.5 * u[k - 1] + 0.2 * u[k - 2]
    return u, y + 0.01 * rng.standard_normal(N)


def identify(model, u, y, iters=200, lr=0.05):
    Phi = regression_matrix(u, y, model.na, model.nb)
    Y = model.targets(y)
    theta = model.init_theta()
    dJ = jax.jit(jax.grad(model.cost))
    for _ in range(iters):
        theta = theta - lr * dJ(theta, Phi, Y)
    return theta


def main():
    u, y = plate_experiment()
    theta = identify(ARXModel(), u, y)
    print("a1 a2 b1 b2 =", np.asarray(theta).ravel())


if __name__ == "__main__":
    main()
