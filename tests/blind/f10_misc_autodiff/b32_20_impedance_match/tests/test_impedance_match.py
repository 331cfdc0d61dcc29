import rf
import match


def test_reflection_reduced():
    z = match.main()
    assert rf.reflected_power(z) < rf.reflected_power(20.0 + 30.0j)
