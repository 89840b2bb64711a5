//! The curator's path: no draft is lost in a batch, re-drafting replaces its own draft, and the
//! organisation comes from the URL's registrable name or the text when the page has no metadata.
mod common;
use common::{run_in, stderr, stdout};
use serde_json::Value;
use std::path::Path;

fn drafts_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".json") && !n.ends_with(".review.json"))
        .collect();
    v.sort();
    v
}

/// Three pages with neither an organisation nor a date.
fn write_pages(dir: &Path) -> Vec<String> {
    (1..=3)
        .map(|i| {
            let p = dir.join(format!("page{i}.txt"));
            std::fs::write(
                &p,
                format!("something broke, page {i}\n\nit was fixed after a while ({i} tries).\n"),
            )
            .unwrap();
            p.to_string_lossy().to_string()
        })
        .collect()
}

#[test]
fn a_batch_of_pages_without_org_or_date_keeps_one_draft_per_page() {
    let tmp = tempfile::tempdir().unwrap();
    let pages = write_pages(tmp.path());
    let out = tmp.path().join("drafts");
    let mut args = vec!["-q", "draft", "--out", out.to_str().unwrap()];
    args.extend(pages.iter().map(String::as_str));
    let o = run_in(tmp.path(), &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let drafts = drafts_in(&out);
    assert_eq!(drafts.len(), 3, "one draft per page: {drafts:?}");
    for d in &drafts {
        let v: Value =
            serde_json::from_str(&std::fs::read_to_string(out.join(d)).unwrap()).unwrap();
        assert_eq!(format!("{}.json", v["id"].as_str().unwrap()), *d);
    }
}

#[test]
fn re_drafting_the_same_page_replaces_its_own_draft_and_never_a_different_one() {
    let tmp = tempfile::tempdir().unwrap();
    let pages = write_pages(tmp.path());
    let out = tmp.path().join("drafts");
    let outs = out.to_str().unwrap();
    for _ in 0..2 {
        let o = run_in(tmp.path(), &["-q", "draft", "--out", outs, &pages[0]]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    assert_eq!(
        drafts_in(&out).len(),
        1,
        "re-draft replaced: {:?}",
        drafts_in(&out)
    );

    // A dated page of a known org, then a different page with the same org and date.
    let a = tmp.path().join("a.txt");
    let b = tmp.path().join("b.txt");
    let body = "Acmecorp: database outage\n\nOn 2026-03-04 from 10:00 to 11:00 UTC the Acmecorp API failed.\n";
    std::fs::write(&a, body).unwrap();
    std::fs::write(&b, format!("{body}\nA second report of another failure.\n")).unwrap();
    for (f, url) in [
        (&a, "https://status.acmecorp.com/incidents/1"),
        (&b, "https://status.acmecorp.com/incidents/2"),
    ] {
        let o = run_in(
            tmp.path(),
            &[
                "-q",
                "draft",
                "--out",
                outs,
                "--url",
                url,
                f.to_str().unwrap(),
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let drafts = drafts_in(&out);
    assert_eq!(
        drafts.len(),
        3,
        "the second page got its own id: {drafts:?}"
    );
    assert!(
        drafts.contains(&"draft-acmecorp-2026-03-04.json".to_string()),
        "{drafts:?}"
    );
    let first: Value = serde_json::from_str(
        &std::fs::read_to_string(out.join("draft-acmecorp-2026-03-04.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        first["sources"][0]["url"],
        "https://status.acmecorp.com/incidents/1"
    );
}

#[test]
fn draft_help_says_how_ids_stay_unique() {
    let tmp = tempfile::tempdir().unwrap();
    let o = run_in(tmp.path(), &["draft", "--help"]);
    let help = stdout(&o);
    assert!(help.contains("--force"), "{help}");
    assert!(help.contains("never overwritten"), "{help}");
}

fn org_of(dir: &Path, text: &str, url: &str) -> (String, String) {
    let f = dir.join("page.txt");
    std::fs::write(&f, text).unwrap();
    let o = run_in(dir, &["draft", "--json", "--url", url, f.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    (
        v["case"]["org"].as_str().unwrap().to_string(),
        v["review"]["fields"]["org"]["rule"]
            .as_str()
            .unwrap_or("")
            .to_string(),
    )
}

#[test]
fn the_org_comes_from_the_registrable_host_as_the_page_writes_it() {
    let tmp = tempfile::tempdir().unwrap();
    let text =
        "Login failures\n\nOn 2026-05-10 at 08:46 UTC some users of Quill Works could not log in. \
                We fixed the DNS records at 08:58 UTC.\n";
    let (org, _) = org_of(
        tmp.path(),
        text,
        "https://status.quillworks.co.kr/incidents/x",
    );
    assert_eq!(org, "Quill Works");
    // A host the page never names, on a page that speaks as "we": the registrable name.
    let text =
        "Login failures\n\nOn 2026-05-10 at 08:46 UTC we saw errors. Our team fixed our DNS.\n";
    let (org, rule) = org_of(
        tmp.path(),
        text,
        "https://engineering.quillworks.co.kr/post/1",
    );
    assert_eq!(org, "Quillworks", "{rule}");
}

#[test]
fn a_news_report_names_the_organisation_it_is_about_not_its_publisher() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "Payments down at Northbank for three hours\n\n\
                Customers of Northbank could not pay by card on Tuesday in Riverton. \
                Northbank said the outage began at 10:05 and ended at 13:10. \
                According to Northbank, a faulty update caused it.\n";
    let (org, rule) = org_of(
        tmp.path(),
        text,
        "https://www.dailynewspaper.example/business/1234",
    );
    assert_eq!(org, "Northbank", "{rule}");
    let text = "빗나루 거래 100분 정지\n\n빗나루에 따르면 2일 오후 11시 27분 거래가 멈췄다. \
                빗나루는 피해를 전액 보상하겠다고 밝혔다.\n";
    let (org, _) = org_of(tmp.path(), text, "https://www.economy-daily.co.kr/news/1");
    assert_eq!(org, "빗나루");
}

#[test]
fn a_notice_in_hangul_kana_or_han_keeps_the_name_it_gives_itself() {
    let tmp = tempfile::tempdir().unwrap();
    // The host is romanised; the notice names its owner in its own script.
    let ko = "[공지] 서비스 접속 장애 안내\n안녕하세요, 누리솔입니다.\n\
              2024년 3월 5일 오전 9시 10분부터 10시 40분까지 앱 접속이 원활하지 않았습니다.\n\
              저희 누리솔은 원인을 파악해 조치를 마쳤습니다. 당사 서비스를 이용하시는 고객님께 \
              불편을 드려 죄송합니다. 저희는 재발 방지에 힘쓰겠습니다.\n";
    let (org, rule) = org_of(tmp.path(), ko, "https://www.nurisol.co.kr/notice/view/123");
    assert_eq!(org, "누리솔", "{rule}");
    let ja = "【復旧】一部サービスにおける障害のお知らせ\n\
              いつもミナトペイをご利用いただきありがとうございます。\n\
              2024年3月5日 9:10頃から10:40頃まで、アプリにログインしにくい状態が発生しておりました。\n\
              現在は復旧しております。ご迷惑をおかけしましたことをお詫び申し上げます。\n\
              株式会社ミナトペイ\n";
    let (org, rule) = org_of(tmp.path(), ja, "https://status.minatopay.jp/incidents/abc");
    assert_eq!(org, "ミナトペイ", "{rule}");
    // A date is never part of a name ("关于3月5日…").
    let zh = "关于3月5日服务异常的说明\n尊敬的用户：\n\
              2024年3月5日9时10分至10时40分，青禾云部分用户出现无法登录的情况。\
              经排查，原因是数据库主备切换异常。我们已于10时40分完成修复。\n\
              对此给您带来的不便，我们深表歉意。\n青禾云团队\n";
    let (org, rule) = org_of(tmp.path(), zh, "https://www.qinghecloud.cn/notice/1");
    assert_eq!(org, "青禾云", "{rule}");
}

#[test]
fn a_news_report_names_its_subject_in_its_address_and_never_a_place() {
    let tmp = tempfile::tempdir().unwrap();
    // A regulator speaks twice, the company is the one in the headline of the address; the
    // capital named three times is a place.
    let es = "La Superintendencia de Valores (SVAL) informó este martes que seguirá de cerca a \
              Pagonorte tras la caída que sufrió la empresa en Lisboa y en todo el país.\n\
              Mediante un comunicado, la SVAL señaló que pidió un informe.\n\
              Los servicios de Pagonorte volvieron alrededor de las 16:15 horas, según la compañía. \
              Los clientes de Lisboa no podían pagar; en Lisboa hubo filas.\n";
    let (org, rule) = org_of(
        tmp.path(),
        es,
        "https://www.diario.example.cl/noticias/2018-03-26/regulador-vigila-a-pagonorte-tras-caida-del-sistema.html",
    );
    assert_eq!(org, "Pagonorte", "{rule}");
}

/// The article-extraction benchmark, or None (with a note) when `../shared` is absent; under
/// `INCIDENTLIB_REQUIRE_SHARED=1` (CI) an absent corpus fails the test.
fn extraction_benchmark() -> Option<std::path::PathBuf> {
    common::shared("benchmarks/article-extraction")
        .filter(|d| d.join("ground-truth.json").is_file())
}

/// Main content through the path a curator uses: `incidentlib fetch PAGE.html --json`, one
/// process per page, its `text` scored with the benchmark's metric. Every 6th page by default;
/// `INCIDENTLIB_FETCH_F1_ALL=1` runs all of them (and `INCIDENTLIB_BIN` measures another binary).
#[test]
fn main_content_through_fetch_scores_like_the_extractor() {
    use incidentlib::extract::metric;
    use std::io::Read;
    let Some(dir) = extraction_benchmark() else {
        return;
    };
    let all = std::env::var("INCIDENTLIB_FETCH_F1_ALL").is_ok_and(|v| v == "1");
    let bin = std::env::var("INCIDENTLIB_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_incidentlib").to_string());
    let gt: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("ground-truth.json")).unwrap())
            .unwrap();
    let mut ids: Vec<&String> = gt.as_object().unwrap().keys().collect();
    ids.sort();
    let tmp = tempfile::tempdir().unwrap();
    let mut scores = Vec::new();
    let mut worst: Vec<(f64, String)> = Vec::new();
    let mut shorter: Vec<String> = Vec::new();
    for (k, id) in ids.iter().enumerate() {
        if !all && k % 6 != 0 {
            continue;
        }
        let gz = dir.join("html").join(format!("{id}.html.gz"));
        let mut html = Vec::new();
        flate2::read::GzDecoder::new(std::fs::File::open(&gz).unwrap())
            .read_to_end(&mut html)
            .unwrap();
        let page = tmp.path().join(format!("{id}.html"));
        std::fs::write(&page, &html).unwrap();
        let o = std::process::Command::new(&bin)
            .args(["fetch", page.to_str().unwrap(), "--json"])
            .current_dir(common::root())
            .env("INCIDENTLIB_MAPPINGS", common::root().join("mappings"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        let text = v["text"].as_str().unwrap_or("");
        let full = v["full_text"].as_str().unwrap_or("");
        if full.chars().count() < text.chars().count() {
            shorter.push(id.to_string());
        }
        let truth = gt[id.as_str()]["articleBody"].as_str().unwrap_or("");
        let s = metric::score(truth, text);
        let f = 2.0 * s.precision * s.recall / (s.precision + s.recall).max(1e-9);
        worst.push((f, format!("{id} profile={}", v["profile"])));
        scores.push(s);
    }
    let sum = metric::summarize(&scores);
    worst.sort_by(|a, b| a.0.total_cmp(&b.0));
    eprintln!(
        "fetch --json text on {} pages: P {:.3} R {:.3} F1 {:.3}; worst: {:?}",
        sum.pages,
        sum.precision,
        sum.recall,
        sum.f1,
        &worst[..worst.len().min(5)]
    );
    assert!(
        shorter.is_empty(),
        "full_text shorter than text: {shorter:?}"
    );
    assert!(sum.f1 >= 0.95, "F1 {:.3} through fetch", sum.f1);
}
