import distill


def test_student_agrees():
    assert distill.main() > 0.8
