from run import main


def test_q_table_shape():
    assert main().shape == (6, 2)
