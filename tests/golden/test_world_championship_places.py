"""Issue 32: the first four of every world championship of the real archive with finals
(1988-2025; the 1977-1987 files hold no finals section, only ``%Round PO``/``%Round RR``
lists), as the public site shows them.

Each expectation is worked out by hand from the file's finals (``%%Added results`` or the
``%Round SF1``/``3P``/``F`` sections), quoted in the comment: the semi-final winners meet in
the final, the semi-final losers in the third-place game; a match is won on points, then
discs. The order of the rounds (the file's ``%_%`` lines) only says who met whom. Nothing
here comes from the code's output.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.golden.served import served_files

pytestmark = [pytest.mark.realdata]

FIRST_FOUR: dict[str, tuple[int, int, int, int]] = {
    # %Round SF1: 73>299 (64-0), 299>73 (42-22), 299=73: 1.5-1.5, discs 118-74: 73 BRIGHTWELL;
    # %Round SF2: 300>79 twice; %Round 3P: 79>299; %Round F: 300>73 twice.
    "1988/19881112_WOC_1988.ELO": (300, 73, 79, 299),
    # %Round QF: 178>93; SF1: 300>178 twice; SF2: 73>72 twice; 3P: 72>178; F: 300>73 twice.
    "1989/19891015_WOC_1989.ELO": (300, 73, 72, 178),
    # %Round SF1: 300>177 twice; SF2: 6>1 twice; 3P: 1>177; F: 300>6 twice.
    "1990/19901111_WOC_1990.ELO": (300, 6, 1, 177),
    # 1>178, 178<1 (RALLE 2-0); 177<603, 603>177 (KANEDA 2-0); 177<178 (third);
    # 1<603, 603>1 (final: KANEDA).
    "1991/19911108_WOC_1991.ELO": (603, 1, 178, 177),
    # 178=1302, 1302<178, 1302<178 (SHAMAN); 36>2, 2>36, 2>36 (TASTET 2-1); 36>1302 (third);
    # 178<2, 2>178 (final: TASTET).
    "1992/19921105_WORLD.ELO": (2, 178, 36, 1302),
    # 355>177 (play-off); 355>655, 655<355 (CASPARD); 7<178, 178>7 (SHAMAN); 7>655 (third);
    # 355<178, 178>355 (final: SHAMAN).
    "1993/19931105_WOC_1993.ELO": (178, 355, 7, 655),
    # 92>2, 2>92, 2<92 (FELDBORG 2-1); 488>79, 79<488 (TAKIZAWA); 79<2 (third);
    # 92<488, 488>92 (final: TAKIZAWA).
    "1994/19941103_WOC_1994.ELO": (488, 92, 2, 79),
    # 178<802, 802<178, 802<178 (SHAMAN 2-1); 355<300, 300>355 (TAMENORI); 355<802 (third);
    # 178<300, 300>178 (final: TAMENORI).
    "1995/19951116_WOC_1995.ELO": (300, 178, 802, 355),
    # 75<433, 433<75, 433>75 (NICOLET 2-1); 299<2052, 2052<299, 2052<299 (MURAKAMI 2-1);
    # 75<2052 (third: EDMEAD); 299>433, 433<299 (final: MURAKAMI).
    "1996/19961108_WOC_1996.ELO": (299, 433, 2052, 75),
    # 407>178 (play-off); 407<73, 73>407 (BRIGHTWELL); 2<698, 698>2 (SUEKUNI);
    # 407>2 (third: BARNABA); 698>73, 73<698 (final: SUEKUNI).
    "1997/19971106_WOC_1997.ELO": (698, 73, 407, 2),
    # 886<355 (play-off); 299>802, 802<299 (MURAKAMI); 223<355, 355>223 (CASPARD);
    # 223>802 (third: PENLOUP); 299>355, 355=299, 355<299 (final: MURAKAMI).
    "1998/19981105_WOC_1998.ELO": (299, 355, 223, 802),
    # 178<4022, 4022<178, 4022<178 (SHAMAN 2-1); 1868<700, 700>1868 (NAKAJIMA);
    # 4022>1868 (third: AOKI); 178>700, 700>178, 700<178 (final: SHAMAN 2-1).
    "1999/19991028_WOC_1999.ELO": (178, 700, 4022, 1868),
    # 4002>879 (play-off); 299<433, 433<299, 433<299 (MURAKAMI 2-1); 177>4002, 4002<177
    # (ROSE); 433>4002 (third: NICOLET); 177<299, 299>177 (final: MURAKAMI).
    "2000/20001102_WOC_2000.ELO": (299, 177, 433, 4002),
    # %%Demi-finales: 177>5301, 5301<177; 578>887, 887>578, 887>578 (887 2-1);
    # %% Match 3/4: 578>5301; %%Finale: 177>887, 887<177.
    "2001/20011108_WORLD.ELO": (177, 887, 578, 5301),
    # 839>651 (play-off); 4043>839, 839<4043 (SEELEY); 178>79, 79<178 (SHAMAN);
    # 839<79 (third: LEADER); 4043<178, 178<4043, 4043<178 (final: SHAMAN 2-1).
    "2002/20021107_WOC_2002.ELO": (178, 4043, 79, 839),
    # 355<5300 (play-off); 5300<4043, 4043=5300, 5300>4043: 1.5-1.5, discs 109-83: SEELEY;
    # 5502<698, 698>5502 (SUEKUNI); 5300>5502 (third: HOEHNE); 698<4043, 4043>698.
    "2003/20031030_WOC_2003.ELO": (4043, 698, 5300, 5502),
    # 177<698, 698>177 (SUEKUNI); 5300<4043, 4043>5300 (SEELEY); 177>5300 (third: ROSE);
    # 698<4043, 4043>698 (final: SEELEY).
    "2004/20041113_WOC_2004.ELO": (4043, 698, 177, 5300),
    # 300=839, 839>300 (34-30), 300>839 (35-29): 1.5-1.5, discs 97-95: TAMENORI;
    # 4087>4011, 4011>4087, 4087>4011 (LEE 2-1); 839>4011 (third); 300>4087, 4087<300.
    "2005/20051110_WOC_2005.ELO": (300, 4087, 839, 4011),
    # 300>4043, 4043<300 (TAMENORI); 700<698, 698>700 (SUEKUNI); 700=4043 (third, drawn:
    # SEELEY, 3rd of the rounds, above NAKAJIMA, 4th); 300>698, 698>300, 698<300.
    "2006/20061006_WOC_2006.ELO": (300, 698, 4043, 700),
    # 5301>79 (play-off); 5301<4014, 4014=5301, 5301<4014 (TOMINAGA); 433>700, 700>433,
    # 433>700 (NICOLET 2-1); 5301>700 (third: BERG); 433>4014, 4014>433, 433<4014.
    "2007/20071129_WOC_2007.ELO": (4014, 433, 5301, 700),
    # 698<4011 (play-off); 4011>5301, 5301<4011 (MIYAOKA); 5702<3024, 3024>5702 (BORASSI);
    # 5702<5301 (third: BERG); 4011<3024, 3024<4011, 3024>4011 (final: BORASSI 2-1).
    "2008/20081120_WOC_2008.ELO": (3024, 4011, 5301, 5702),
    # 5301>3597 (play-off); 5301>698, 698>5301, 698<5301 (BERG 2-1); 488<5537, 5537>488
    # (TAKANASHI); 488<698 (third: SUEKUNI); 5301<5537, 5537>5301 (final: TAKANASHI).
    "2009/20091105_WOC_2009.ELO": (5537, 5301, 698, 488),
    # 190005<5537, 5537>190005 (TAKANASHI); 79<3024, 3024>79 (BORASSI); 190005>79 (third);
    # 3024<5537, 5537<3024, 5537>3024 (final: TAKANASHI 2-1).
    "2010/20101111_WOC_2010.ELO": (5537, 3024, 190005, 79),
    # 5301<190005, 190005<5301, 190005>5301 (AUNCHULEE 2-1); 6825>5105, 5105<6825
    # (NOBUKAWA); 5301<5105 (third); 6825>190005, 190005>6825, 190005<6825 (final).
    "2011/20111103_WOC_2011.ELO": (6825, 190005, 5105, 5301),
    # 5577<5537, 5537<5577, 5577<5537 (TAKANASHI 2-1); 5568>5105, 5105<5568 (OKAMOTO);
    # 5577>5105 (third: KURITA); 5568<5537, 5537>5568 (final: TAKANASHI).
    "2012/20121108_WOC_2012.ELO": (5537, 5568, 5577, 5105),
    # 5568>5539, 5539<5568 (OKAMOTO); 5105<190005, 190005>5105 (AUNCHULEE); 5539>5105
    # (third: YAMAKAWA); 5568>190005, 190005<5568 (final: OKAMOTO).
    "2013/20131024_WOC_2013.ELO": (5568, 190005, 5539, 5105),
    # 190005<4097 (play-off); 4097<4043, 4043>4097 (SEELEY); 698>5568, 5568>698, 5568<698
    # (SUEKUNI 2-1); 5568<4097 (third: SONG); 698<4043, 4043<698, 698>4043 (final).
    "2014/20141106_WOC_2014.ELO": (698, 4043, 4097, 5568),
    # 3024>839 (play-off); 3024<5537, 5537>3024 (TAKANASHI); 5105<698, 698<5105, 5105<698
    # (SUEKUNI 2-1); 5105>3024 (third); 698<5537, 5537>698 (final: TAKANASHI).
    "2015/20151029_WOC_2015.ELO": (5537, 698, 5105, 3024),
    # 5546<190005, 190005>5546 (AUNCHULEE); 4097=5537, 5537<4097, 5537<4097 (SONG);
    # 5546<5537 (third: TAKANASHI); 190005>4097, 4097<190005 (final: AUNCHULEE).
    "2016/20161101_WOC_2016.ELO": (190005, 4097, 5537, 5546),
    # The same games, sent again a day later.
    "2016/20161102_WOC_2016.ELO": (190005, 4097, 5537, 5546),
    # 190005>13841, 13841>190005, 13841>190005 (TAKAHASHI 2-1); 4139<190005 (third, written
    # before the other semi-final); 4139<5537, 5537>4139 (TAKANASHI); 5537>13841, 13841<5537.
    "2017/20171101_WOC_2017.ELO": (5537, 13841, 190005, 4139),
    # 3024<4043 (play-off); 4043<190005, 190005=4043, 4043<190005 (AUNCHULEE); 13168<5537,
    # 5537<13168, 5537<13168 (FUKUCHI 2-1); 4043<5537 (third); 13168>190005, =, 190005<13168.
    "2018/20181010_WOC_2018.ELO": (13168, 190005, 5537, 4043),
    # 420000<5655 (play-off: CHANG out); 13841>4097, 4097<13841 (TAKAHASHI); 5537>5655,
    # 5655<5537 (TAKANASHI); 5655>4097 (third: SATANI above SONG); 13841<5537, 5537=13841,
    # 13841>5537: 1.5-1.5, discs 109-83: TAKAHASHI.
    "2019/20191009_WOC_2019.ELO": (13841, 5537, 5655, 4097),
    # 2570<4065 (play-off); 4065<12712, 12712>4065 (URANO); 3024<50030, 50030>3024
    # (JUIGNER); 4065<3024 (third: BORASSI); 50030<12712, 12712>50030 (final: URANO).
    "2022/20221028_WOC_2022.ELO": (12712, 50030, 3024, 4065),
    # 5546>5655 (play-off); 5577<5546, 5546>5577 (NAGANO); 3024<190005, 190005>3024
    # (AUNCHULEE); 3024<5577 (third: KURITA); 5546>190005, 190005<5546 (final: NAGANO).
    "2023/20231103_WOC_2023.ELO": (5546, 190005, 5577, 3024),
    # 4097>60013 (play-off); 5577>4097, 5577>4097, 4097>5577 (KURITA 2-1); 15567<5537,
    # 5537>15567, 15567>5537 (TAKANASHI 2-1); 15567<4097 (third: SONG); 5537<5577, 5577>5537.
    "2024/20241025_WOC_2024.ELO": (5577, 5537, 4097, 15567),
    # 60013<5539 (play-off: DU out); 5577>12712, 12712<5577 (KURITA); 5537>5539, 5539<5537
    # (TAKANASHI); 12712<5539 (third: YAMAKAWA above URANO); 5577>5537, 5537<5577.
    "2025/20251113_WOC_2025.ELO": (5577, 5537, 5539, 12712),
}


@pytest.fixture(scope="module")
def championships(
    wof_results: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[TestClient, dict[str, int]]]:
    db = tmp_path_factory.mktemp("woc") / "woc.db"
    with served_files(wof_results, FIRST_FOUR, db) as served:
        yield served


@pytest.mark.parametrize("name", sorted(FIRST_FOUR))
def test_the_first_four_of_a_world_championship(
    championships: tuple[TestClient, dict[str, int]], name: str
) -> None:
    client, ids = championships
    api = client.get(f"/api/v1/tournaments/{ids[Path(name).name]}/games").json()
    assert tuple(s["player_id"] for s in api["standings"][:4]) == FIRST_FOUR[name]
    assert api["placed_by"] in {"finals", "after-last-round"}
    reached = [s["reached"] for s in api["standings"][:4]]
    assert reached == ["winner", "final", "semi-final", "semi-final"]


def test_woc_2025_public_page_shows_urano_fourth_after_his_semi_final(
    championships: tuple[TestClient, dict[str, int]],
) -> None:
    client, ids = championships
    text = client.get(f"/tournaments/{ids['20251113_WOC_2025.ELO']}").text
    table = text.split('id="standings"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(
        r'<tr><td>(\d+)<td><a href="/players/(\d+)">[^<]*</a><td>[^<]*<td>([^<]*)', table
    )
    assert rows[:5] == [
        ("1", "5577", "winner"),
        ("2", "5537", "final"),
        ("3", "5539", "semi-final"),
        ("4", "12712", "semi-final"),
        ("5", "60013", "play-off"),
    ]
    assert "Placed by the games after the last round" in text
