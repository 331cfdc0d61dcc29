import train_vi


def test_vi_steps():
    X, y = train_vi.loan_book(n=50)
    state, loss = train_vi.fit(X, y, steps=2)
    assert state["mu"].shape == (4,)
