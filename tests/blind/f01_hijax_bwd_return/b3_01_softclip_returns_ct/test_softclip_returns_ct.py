import policy


def test_policy_imitates():
    assert policy.main() < 0.1
