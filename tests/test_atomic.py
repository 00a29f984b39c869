import pytest

from generator.core.atomic import atomic_write, write_text


def test_write_then_read(tmp_path):
    target = tmp_path / "sub" / "file.txt"
    write_text(target, "héllo\n")
    assert target.read_text(encoding="utf-8") == "héllo\n"
    assert [p.name for p in target.parent.iterdir()] == ["file.txt"]


def test_failure_keeps_old_content_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "game.json"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_write(target, "w") as handle:
        handle.write("half")
        raise RuntimeError("crash mid-write")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_folder_in_the_way_is_a_user_error_and_leaves_nothing(tmp_path):
    from generator.core.errors import UserError

    target = tmp_path / "deck.pdf"
    target.mkdir()
    with pytest.raises(UserError, match="is a folder"):
        write_text(target, "data")
    assert [p.name for p in tmp_path.iterdir()] == ["deck.pdf"]


def test_a_file_where_the_folder_goes_is_a_user_error(tmp_path):
    from generator.core.errors import UserError

    (tmp_path / "out").write_text("not a folder")
    with pytest.raises(UserError, match="cannot write"):
        write_text(tmp_path / "out" / "deck.pdf", "data")


def test_a_folder_at_the_final_name_is_a_user_error_and_leaves_no_temporary(tmp_path):
    from generator.core.errors import UserError

    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(UserError, match="is a folder"):
        write_text(folder, "data")
    assert folder.is_dir() and list(folder.iterdir()) == []
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_the_current_folder_as_target_is_a_user_error(tmp_path, monkeypatch):
    from generator.core.errors import UserError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError, match="is a folder"):
        write_text("", "data")  # Path("") is "."
    assert list(tmp_path.iterdir()) == []
