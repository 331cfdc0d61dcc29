"""ex1_multi: gradient descent on house prices, with jax.grad instead of the hand-derived update."""
import jax
import jax.numpy as jnp

from cost import add_intercept, compute_cost, feature_normalize

ALPHA = 0.1
NUM_ITERS = 50

# size (sq ft), bedrooms -> price (k$), the first rows of ex1data2.txt
data = jnp.array([
    [2104.0, 3.0, 399.9], [1600.0, 3.0, 329.9], [2400.0, 3.0, 369.0],
    [1416.0, 2.0, 232.0], [3000.0, 4.0, 539.9], [1985.0, 4.0, 299.9],
    [1534.0, 3.0, 314.9], [1427.0, 3.0, 199.0], [1380.0, 3.0, 212.0],
])


def gradient_descent(X, y, theta, alpha, num_iters):
    J_history = []
    for _ in range(num_iters):
        grad = jax.grad(compute_cost)(theta, X, y)
        theta = theta - alpha * grad
        J_history.append(float(compute_cost(theta, X, y)))
    return theta, J_history


def main():
    X, mu, sigma = feature_normalize(data[:, :2])
    X = add_intercept(X)
    y = data[:, 2:3]             # column vector, as in Octave
    theta = jnp.zeros((3, 1))
    theta, J_history = gradient_descent(X, y, theta, ALPHA, NUM_ITERS)
    print("Theta computed from gradient descent:")
    print(theta)
    print("final cost:", J_history[-1])
    return J_history


if __name__ == "__main__":
    main()
