//! The organisation a draft names, on short news, wiki, notice and blog texts of our own in
//! Korean, Chinese, Japanese, Vietnamese and English: the company the outage hit, never the
//! news outlet, its byline, a wiki's name or a ministry reporting on it, with Korean particles
//! and Chinese run-on words cut off.
mod common;
use common::{run, stderr, stdout};
use serde_json::Value;

/// Drafts `text` (a plain-text page) as if fetched from `url` and returns the draft's org and
/// the rule that found it.
fn org_of(text: &str, url: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("page.txt");
    std::fs::write(&path, text).unwrap();
    let out = run(&[
        "draft",
        "--json",
        "--now",
        "2026-11-30T00:00:00Z",
        path.to_str().unwrap(),
        "--url",
        url,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)));
    let org = v["case"]["org"].as_str().unwrap_or("").to_string();
    let rule = v["review"]["fields"]["org"]["rule"]
        .as_str()
        .unwrap_or("")
        .to_string();
    (org, rule)
}

#[track_caller]
fn assert_org(text: &str, url: &str, want: &str) {
    let (got, rule) = org_of(text, url);
    assert_eq!(got, want, "org found by rule {rule:?}");
}

#[test]
fn korean_news_names_the_company_not_the_outlet_reporter_or_ministry() {
    let text = "다온텔레콤 인터넷 전국 먹통…\"라우팅 설정 오류\"\n\n\
        [서울=새벽뉴스] 박민수 기자 = 다온텔레콤의 유무선 인터넷이 25일 오전 11시 20분께부터 전국에서 1시간가량 끊겼다.\n\n\
        다온텔레콤은 \"라우팅 설정 오류로 장애가 발생했다\"고 밝혔다. 과학기술정보통신부는 다온텔레콤에 재발 방지 대책을 요구했다.\n\n\
        과기정통부 관계자는 \"원인을 면밀히 분석하겠다\"고 말했다. 과기정통부는 사고 경위를 조사하고 있다고 밝혔다.\n\n\
        박민수 기자 minsu@saebyeok.co.kr\nⓒ 새벽뉴스 무단전재 및 재배포 금지\n";
    assert_org(
        text,
        "https://www.saebyeoknews.co.kr/news/articleView.html?idxno=1234",
        "다온텔레콤",
    );
}

#[test]
fn korean_particles_are_cut_from_a_short_name() {
    let text = "'톡 지연'에 고개 숙인 한결…\"이용에 불편 드려 죄송\"\n\n\
        한결이 한결톡 메시지 수·발신이 지연된 것과 관련해 또다시 이용자들에게 사과했다.\n\n\
        한결은 20일 자사 고객센터 공지사항을 통해 \"서비스 이용에 불편을 드려 죄송하다\"고 밝혔다. 회사 측에 따르면 이날 오전 9시24분부터 6분간 메시지 수·발신이 지체됐다.\n\n\
        김대영 한빛닷컴 기자 kdy@hanbit.com\n";
    assert_org(text, "https://www.hanbit.com/article/202409206615", "한결");
}

#[test]
fn an_acronym_spelled_out_in_korean_is_not_a_romanised_name() {
    let text = "한빛증권 MTS 1시간 '먹통'…투자자 \"손실 보상하라\"\n\n\
        한빛증권의 모바일트레이딩시스템(MTS)이 개장 직후 1시간가량 접속 장애를 일으켰다.\n\n\
        16일 금융투자업계에 따르면 이날 오전 9시부터 한빛증권 MTS와 홈트레이딩시스템(HTS)에서 로그인이 되지 않았다.\n\n\
        한빛증권 관계자는 \"접속자가 몰리면서 서버에 과부하가 걸렸다\"고 말했다. 금융감독원은 경위를 파악하고 있다.\n";
    assert_org(
        text,
        "https://www.moneyilbo.co.kr/news/articleView.html?idxno=99",
        "한빛증권",
    );
}

#[test]
fn a_korean_wiki_page_is_about_its_subject_not_the_wiki() {
    let text = "2023년 새봄은행 전산 장애 - 나무위키\n\n최근 수정 시각: 2024-05-01 10:00:00\n\n1. 개요\n\
        2023년 3월 2일 새봄은행의 인터넷뱅킹과 모바일 앱이 약 4시간 동안 먹통이 된 사건.\n\n2. 상세\n\
        이날 오전 9시경 새봄은행 전산 시스템에 장애가 발생해 이체와 조회가 되지 않았다. 새봄은행은 다음날 사과문을 발표했다.\n";
    assert_org(
        text,
        "https://namu.wiki/w/2023%EB%85%84%20%EC%83%88%EB%B4%84%EC%9D%80%ED%96%89",
        "새봄은행",
    );
}

#[test]
fn chinese_news_subject_before_its_outage_word_not_the_reporter() {
    let text = "星河音乐崩了！官方回应：已恢复\n\n\
        本报讯（记者 王晓明）8月19日晚，不少网友反映星河音乐App无法登录、歌曲无法播放，“星河音乐崩了”随即登上微博热搜。\n\n\
        当晚22时许，星河音乐官方微博发文致歉称，因服务器故障导致部分用户无法正常使用，目前已全面恢复。\n";
    assert_org(
        text,
        "https://www.example-daily.com.cn/tech/2024-08/20/content_123.htm",
        "星河音乐",
    );
}

#[test]
fn chinese_names_end_at_a_known_ending_and_start_after_a_date_or_preposition() {
    let text = "云帆银行手机银行出现故障 工信部约谈\n\n\
        新华社北京3月5日电（记者 李华）记者5日从云帆银行获悉，该行手机银行3日上午突发系统故障，约2小时后恢复。\n\n\
        工业和信息化部相关负责人表示，已要求云帆银行尽快查明原因。工信部表示将加强监管。\n";
    assert_org(text, "http://www.news.cn/tech/20240305/abc.htm", "云帆银行");
}

#[test]
fn a_chinese_wiki_article_and_a_platform_post_name_their_subject() {
    let wiki = "2023年青禾云服务中断事件 - 维基百科，自由的百科全书\n\n\
        2023年青禾云服务中断事件是指2023年11月12日青禾云发生的大规模服务故障。\n\n\
        事件导致多个依赖青禾云的应用无法访问。当晚，青禾云发布公告致歉，称故障由访问控制服务异常引起。\n";
    assert_org(
        wiki,
        "https://zh.wikipedia.org/wiki/2023%E5%B9%B4%E9%9D%92%E7%A6%BE%E4%BA%91",
        "青禾云",
    );
    let post = "蓝鲸支付宕机复盘：一次配置变更引发的故障\n\n\
        昨天下午蓝鲸支付出现大面积宕机，持续约40分钟。作为一名开发者，我整理了一下官方公告和社区的讨论。\n\n\
        据蓝鲸支付官方通报，故障是由于一次错误的配置变更导致网关集群过载。\n";
    assert_org(
        post,
        "https://blog.csdn.net/someone/article/details/134400000",
        "蓝鲸支付",
    );
}

#[test]
fn traditional_chinese_news_names_the_telecom_not_the_regulator() {
    let text = "晨星電信網路大當機 逾百萬用戶受影響\n\n\
        【記者陳美玲／台北報導】晨星電信今（12）日上午行動網路出現大規模異常，全台逾百萬用戶無法上網，約3小時後恢復。\n\n\
        晨星電信表示，故障原因為核心網路設備軟體異常，將依受影響時間給予補償。國家通訊傳播委員會已要求晨星電信提出報告。\n";
    assert_org(
        text,
        "https://news.example.com.tw/news/20240312/1234",
        "晨星電信",
    );
}

#[test]
fn japanese_bank_names_in_hiragana_and_not_the_regulator_or_paper() {
    let text = "あさぎ銀行のシステム障害、ATM停止　金融庁が報告命令\n\n\
        あさぎ銀行で28日、システム障害が起き、全国のATMが一時使えなくなった。\n\n\
        金融庁は同行に業務改善計画の提出を求めた。あさぎ銀行は「ご迷惑をおかけし、深くおわび申し上げます」とのコメントを出した。\n\n\
        （東都新聞）\n";
    assert_org(
        text,
        "https://www.toto-shimbun.co.jp/articles/ASR3X1234.html",
        "あさぎ銀行",
    );
}

#[test]
fn vietnamese_news_names_the_bank() {
    let text = "Khách hàng Ngân hàng Sao Mai không thể chuyển tiền do sự cố hệ thống\n\n\
        Tối 12-3, nhiều khách hàng của Ngân hàng Sao Mai phản ánh không thể đăng nhập ứng dụng.\n\n\
        Theo Ngân hàng Sao Mai, sự cố xảy ra từ 19h và đã được khắc phục lúc 21h cùng ngày.\n";
    assert_org(
        text,
        "https://baotin.example.vn/khach-hang-ngan-hang-sao-mai-123.html",
        "Sao Mai",
    );
}

#[test]
fn english_wire_story_is_not_its_publishers() {
    let text = "Lumora Pay outage leaves shoppers unable to pay\n\n\
        By Jane Smith, Wirecast\n\n\
        LONDON, May 3 (Wirecast) - Customers of Lumora Pay were unable to complete card payments for about two hours on Friday, the company said.\n\n\
        Lumora Pay said a faulty software update caused the disruption. The Financial Conduct Authority said it was in contact with the firm.\n";
    assert_org(
        text,
        "https://www.wirecast.com/business/finance/lumora-pay-outage-2024-05-03/",
        "Lumora Pay",
    );
}

#[test]
fn korean_news_credits_and_a_broadcaster_do_not_outweigh_the_company() {
    // Photo credits name the outlet's wire service; a broadcaster signs off in Latin letters.
    let text = "'송금 먹통' 물결페이, 2시간 만에 복구\n\n\
        물결페이 앱 접속 화면 (사진=한누리뉴스)\n\n\
        [YTN 온라인뉴스팀]\n\n\
        간편결제 서비스 물결페이의 송금 기능이 5일 오후 2시부터 2시간가량 멈췄다. YTN 취재 결과 서버 증설 작업 중 오류가 난 것으로 파악됐다.\n\n\
        물결페이 측은 \"이용에 불편을 드려 죄송하다\"고 밝혔다. YTN은 금융당국도 경위 파악에 나섰다고 전했다. YTN 김하늘입니다.\n";
    assert_org(
        text,
        "https://www.ytn.example.kr/_ln/0102_202405051600012345",
        "물결페이",
    );
}

#[test]
fn a_korean_notice_that_names_itself_is_not_taken_for_a_publisher() {
    // "…닷컴" ends like a news site's name, but the page greets as itself.
    let text = "웹메일 장애 보상 안내\n\n\
        안녕하세요. (주)별빛닷컴입니다.\n\n\
        지난 9월 10일 11시 20분부터 웹메일 서버 장애로 메일 송수신이 되지 않았습니다. 고객님들께 불편을 드려 진심으로 사과드립니다.\n\n\
        별빛닷컴은 메일 서버를 이중화해 같은 장애가 다시 일어나지 않도록 하겠습니다.\n";
    assert_org(
        text,
        "https://m.byeolbit.com/contents/view.php?idx=194",
        "별빛닷컴",
    );
}

#[test]
fn a_spanish_agency_story_names_the_company_not_the_news_site() {
    // The news site's host never names the company; the agency's dateline marks a news report.
    let text = "Caída de internet deja sin servicio al 70 % de los clientes\n\n\
        Montevideo, 1 feb (EFE).- Alrededor del 70 % de los clientes de Redaustral, la empresa de telecomunicaciones, resultaron afectados este lunes por la caída del servicio de internet.\n\n\
        Según Redaustral, el corte empezó sobre las 10.30 hora local y se extendió durante dos horas.\n";
    assert_org(
        text,
        "https://www.diarioejemplo.com.uy/noticias/tecnologia/caida-internet-clientes-123",
        "Redaustral",
    );
}

#[test]
fn a_page_that_speaks_as_its_owner_takes_the_name_as_the_page_spells_it() {
    // The owner's name appears only at the very end, spaced unlike its host.
    let filler = "Wir haben die Ursache analysiert und unsere Systeme geprüft. ".repeat(100);
    let text = format!(
        "Störung am 12. März\n\nAm 12. März waren unsere Server zwischen 10:00 und 11:30 Uhr nicht erreichbar. \
         Wir entschuldigen uns bei unseren Kunden.\n\n{filler}\n\nIhr Team von Wolken Hafen\n"
    );
    assert_org(
        &text,
        "https://www.wolkenhafen.de/blog/stoerung-12-maerz",
        "Wolken Hafen",
    );
}

#[test]
fn korean_news_weighs_the_lead_subject_over_rivals_and_earlier_clauses() {
    // Rivals are named in an earlier clause of the lead and again further down; the main
    // clause's subject is the bank the report is about.
    let text = "이번엔 가람은행 '먹통'…모바일뱅킹 한때 마비\n\n\
        입력 2022-11-19 19:01\n\n\
        그제(17일)는 별빛뱅크, 어제는 우정은행의 모바일 앱이 먹통이 됐는데, 오늘 오전에는 가람은행의 모바일 뱅킹이 멈췄습니다. 이유가 뭘까요.\n\n\
        가람은행의 모든 서비스가 오늘 오전 8시부터 1시간 넘게 멈춰섰습니다.\n\n\
        그제는 별빛뱅크의 모든 서비스가 8시간 동안 멈췄고, 어제는 우정은행의 모바일 뱅킹 서비스가 7시간 동안 '먹통'이 됐습니다.\n\n\
        특히 장애 시간이 길었던 인터넷 은행 '별빛뱅크' 이용자들의 불편이 컸습니다.\n\n\
        [별빛뱅크 이용자 : 계좌에서 송금하려 했는데 안 돼서 카드도 해봤는데 카드도 안 되더라고요.]\n";
    assert_org(
        text,
        "https://news.example-tv.co.kr/article/article.aspx?news_id=NB12102717",
        "가람은행",
    );
}

#[test]
fn korean_news_about_a_telecom_is_not_about_the_rival_quoted_below() {
    let text = "통신 3사 중 하나 인터넷 먹통…소상공인 피해 속출\n\n\
        [서울=가나뉴스] 이민호 기자 = 다온텔레콤의 유무선 인터넷이 25일 오전 11시 20분께부터 전국에서 1시간가량 끊겼다.\n\n\
        가게 주인 A씨는 \"카드 결제가 안 돼 손님을 돌려보냈다\"고 말했다. 경쟁사인 하늘통신과 바다모바일 가입자들은 피해가 없었다. \
        하늘통신 관계자는 \"자사망은 정상\"이라고 말했다. 바다모바일 측도 \"이상 없다\"고 밝혔다. 하늘통신에 따르면 일부 고객 문의가 늘었다.\n\n\
        과학기술정보통신부는 다온텔레콤에 재발 방지 대책을 요구했다.\n";
    assert_org(
        text,
        "https://www.example-news.co.kr/view/20211025000123",
        "다온텔레콤",
    );
}

#[test]
fn japanese_lead_topic_outweighs_a_cash_machine_and_a_partner() {
    // "ATM" is a capitalised word named often; the partner store speaks in the body.
    let text = "あさぎ銀行のシステム障害、ATM停止　金融庁が報告命令\n\n\
        あさぎ銀行で28日、システム障害が起き、全国のATMが一時使えなくなった。提携するコンビニの東雲ストアや、みなと銀行のATMでも同行のカードが使えなかった。\n\n\
        金融庁は同行に業務改善計画の提出を求めた。東雲ストアの広報は「当社のATMに問題はない」と話した。東雲ストアによると、影響は全店に及んだ。\n\n\
        あさぎ銀行は「ご迷惑をおかけし、深くおわび申し上げます」とのコメントを出した。\n";
    assert_org(
        text,
        "https://www.example-shimbun.co.jp/articles/ASR3X1234.html",
        "あさぎ銀行",
    );
}

#[test]
fn a_chinese_lead_names_the_app_before_its_failure() {
    // The title names nobody; a rival is named as often and speaks.
    let text = "热门App崩了！官方回应：已恢复\n\n\
        8月19日晚，不少网友反映星河音乐App无法登录、歌曲无法播放。有网友称，切换到青鸟音乐和蓝海音乐一切正常。\n\n\
        当晚22时许，星河音乐官方发文致歉称，因服务器故障导致部分用户无法正常使用。青鸟音乐表示此次并未受到影响。\n";
    assert_org(
        text,
        "https://www.example.com.cn/tech/2024-08/20/content_123.htm",
        "星河音乐",
    );
}

#[test]
fn a_host_never_spelled_by_its_page_is_spaced_before_a_business_word() {
    let text = "Outage Postmortem\n\n\
        On May 15th our servers were unreachable for two hours. We restored service at 14:00.\n\n\
        We are sorry for the trouble and we have added monitoring so that we see such faults sooner.\n";
    assert_org(
        text,
        "https://support.wolkenmarketing.com/hc/en-us/articles/123-Outage-Postmortem",
        "Wolken Marketing",
    );
}

#[test]
fn korean_spellings_of_one_company_add_their_votes() {
    // The Hangul and the Latin spelling each lose to the data centre's operator alone; written
    // side by side ("가람(GARAM)") they are one company, shown with both spellings.
    let text = "미리내IDC 화재 여파…메신저 7시간 멈춰\n\n\
        [서울=새벽뉴스] 박민수 기자 = 가람(GARAM)의 메신저와 결제 서비스가 15일 오후 7시간 넘게 멈췄다. \
        데이터센터를 운영하는 미리내IDC 측은 전기실 화재가 원인이라고 설명했다.\n\n\
        GARAM은 밤사이 서버를 다른 센터로 옮겼다. 미리내IDC 관계자는 \"소방 당국과 원인을 조사 중\"이라고 말했다.\n\n\
        가람 관계자는 \"불편을 드려 죄송하다\"고 말했다. GARAM 측은 보상안을 내놓겠다고 밝혔다.\n";
    let (got, rule) = org_of(
        text,
        "https://www.saebyeoknews.co.kr/news/articleView.html?idxno=4321",
    );
    assert_eq!(got, "가람 (GARAM)", "rule {rule:?}");
}

#[test]
fn a_romanised_part_inside_a_korean_name_and_latin_initials_stay_with_the_name() {
    // "다온(DAON)텔레콤": the page spells the name both ways; "KX모바일은": the Latin
    // initials belong to the name, not a name of their own; "KX 관계자는" is KX Mobile's.
    let text = "다온텔레콤 유선 인터넷 또 접속 장애\n\n\
        다온(DAON)텔레콤 유선 인터넷망에서 29일 20여분간 접속 장애가 발생해 이용자가 불편을 겪었다.\n\n\
        이날 통신업계에 따르면 오후 5시58분께부터 약 22분간 일부 다온텔레콤 이용자들의 접속이 끊겼다. \
        다온텔레콤은 원인을 디도스 공격으로 추정했다.\n\n\
        다온텔레콤 관계자는 \"주말에 불편을 끼쳐 죄송하다\"고 말했다.\n";
    let (got, _) = org_of(text, "https://www.example-news.co.kr/view/20230129000456");
    assert!(got.starts_with("다온텔레콤"), "{got}");
    let text = "KX모바일 통화 장애 3시간 만에 복구\n\n\
        KX모바일의 음성 통화가 3일 오전 9시부터 3시간 동안 끊겼다. KX모바일은 교환기 소프트웨어 오류가 원인이라고 밝혔다.\n\n\
        KX모바일 관계자는 \"재발 방지 대책을 마련하겠다\"고 말했다. 과기정통부는 KX모바일에 경위 보고를 요구했다.\n";
    assert_org(
        text,
        "https://www.example-news.co.kr/view/20240303000789",
        "KX모바일",
    );
}

#[test]
fn a_korean_venue_marked_by_a_locative_particle_is_not_the_lead_subject() {
    // "은하IDC에서 … 화재가": where the fire was, not whose service stopped.
    let text = "별빛톡 9시간 먹통\n\n\
        은하IDC에서 15일 오후 화재가 나 별빛 메신저의 메시지 수발신이 9시간 동안 끊겼다.\n\n\
        은하IDC 측은 배터리 화재가 원인이라고 밝혔다. 은하IDC 관계자는 \"진화를 마쳤다\"고 말했다.\n\n\
        별빛은 \"서비스를 모두 복구했다\"고 설명했다. 별빛 관계자는 \"이원화를 서두르겠다\"고 말했다.\n";
    assert_org(
        text,
        "https://www.example-news.co.kr/view/20221016000111",
        "별빛",
    );
}

#[test]
fn a_japanese_lead_with_a_date_after_the_topic_names_the_company() {
    let text = "携帯電話の通信障害、約3時間後に復旧\n\n\
        ミドリモバイルは14日、携帯電話の音声通話とデータ通信が全国で利用しづらい状況になったと発表した。\
        障害は午後5時ごろに発生し、約3時間後に復旧した。\n\n\
        総務省は同社に報告を求めた。\n";
    assert_org(
        text,
        "https://www.example-shimbun.co.jp/articles/ASR3X9999.html",
        "ミドリモバイル",
    );
}

#[test]
fn chinese_and_english_names_with_and_without_a_legal_form_are_one() {
    let text = "星河科技服务中断两小时\n\n\
        本报讯 8月19日晚，星河科技旗下多款应用无法登录。星河科技有限公司随后发布公告致歉，称因机房电力故障导致服务中断。\n\n\
        星河科技表示，服务已于当晚22时全部恢复。青禾云表示其平台未受影响。\n";
    assert_org(
        text,
        "https://www.example-daily.com.cn/tech/2024-08/20/content_456.htm",
        "星河科技",
    );
    let text = "Brightwell Labs restores service after a four-hour outage\n\n\
        By Jane Doe, Staff Reporter\n\n\
        Customers of Brightwell Labs Group could not log in on Tuesday, the company said. \
        Brightwell Labs said a faulty configuration push took down its login service.\n\n\
        Northwind Analytics, a customer, said its dashboards were empty for hours.\n";
    assert_org(
        text,
        "https://www.example-times.com/business/brightwell-outage-2024-05-03/",
        "Brightwell Labs",
    );
}

#[test]
fn a_vietnamese_and_a_spanish_headline_name_the_company() {
    let text = "Sự cố của Sao Mai Pay khiến khách hàng không thể thanh toán\n\n\
        Sáng 12/3, nhiều khách hàng của Sao Mai Pay phản ánh không thể chuyển tiền. \
        Đại diện Công ty Sao Mai Pay cho biết hệ thống đã hoạt động trở lại sau hai giờ.\n";
    assert_org(
        text,
        "https://baotin.example.vn/su-co-sao-mai-pay-456.html",
        "Sao Mai Pay",
    );
    // The name appears only in the headline; the host is a news site the page never names.
    let text = "Caída de Nubevia deja sin correo a miles de usuarios\n\n\
        Miles de usuarios no pudieron acceder a su correo durante la mañana del martes. \
        El servicio se restableció pasado el mediodía, según informaron desde la empresa.\n";
    assert_org(
        text,
        "https://www.ejemplo-diario.com.ar/tecnologia/123",
        "Nubevia",
    );
}

#[test]
fn a_page_that_speaks_as_its_owner_keeps_the_hosts_name_as_written_in_lower_case() {
    let text = "Wartungsarbeiten abgeschlossen\n\n\
        Wir haben heute Nacht unsere Mailserver neu gestartet. Kunden von wolken-hafen konnten \
        kurz keine Mails abrufen. Wir entschuldigen uns für die Unannehmlichkeiten. Unser Team \
        hat die Ursache behoben, und wir beobachten die Systeme weiter.\n";
    assert_org(
        text,
        "https://status.wolken-hafen.de/incidents/42",
        "wolken-hafen",
    );
}

#[test]
fn a_quoted_we_is_the_speaker_s_not_the_page_s() {
    // a news report without a byline that quotes the carrier's apology ("We apologize …") is
    // still about the carrier, not written by the newspaper's host
    assert_org(
        "Carrier says service is back after nationwide outage\n\n\
         Ferrolink said on Monday that calls and data were working again after an outage that hit \
         customers in many cities. Ferrolink said engineers had found the fault.\n\n\
         \u{201c}We apologize for the trouble our customers had today, and we thank them for \
         their patience,\u{201d} Ferrolink said.\n\n\
         Regulators said they were looking into the Ferrolink outage.\n",
        "https://www.dailyherald-example.com/2024/10/01/carrier-says-service-is-back",
        "Ferrolink",
    );
}

#[test]
fn a_symptom_word_or_an_update_stamp_is_never_the_organisation() {
    // German capitalises every noun: "Stromausfall" (a power cut, a cause word of the
    // vocabulary) heads the story twice, the operator is named once.
    let text = "Stromausfall legt Glasfasernetz lahm\n\n\
        Bretten. In vielen Haushalten lief gestern Nacht beim Internet nichts mehr. Ursache war ein Stromausfall in einem Rechenzentrum in Frankfurt.\n\n\
        Die Nordwelle Netz GmbH teilte mit, dass die Leitungen ab 6 Uhr wieder liefen.\n";
    let (got, rule) = org_of(
        text,
        "https://www.example-zeitung.de/lokales/artikel-123.html",
    );
    assert_ne!(got, "Stromausfall", "org found by rule {rule:?}");
    // "Update 11h00 : …" opens a live blog: a stamp, not a name before a colon.
    let text = "Update 11h00 : des incidents ont été détectés ce matin, selon le support de Veloria.\n\n\
        Une panne électrique perturbe le réseau de Veloria depuis 7h15. Veloria annonce un retour progressif.\n";
    let (got, rule) = org_of(text, "https://www.example-actu.fr/article/panne.html");
    assert!(!got.starts_with("Update"), "got {got:?} by rule {rule:?}");
}

#[test]
fn a_device_named_more_often_than_the_bank_is_not_the_organisation() {
    // "ATM" is the machine customers could not use, however often the story says it
    let text = "みどり銀行でシステム障害 ATMや振り込みが利用できず\n\n\
        みどり銀行は8日、システム障害が発生し、ATMで現金を引き出せない状態が続いたと発表した。\n\n\
        ATMのほか、インターネットバンキングでの振り込みもできなくなった。ATMは午後3時ごろに復旧した。\n\n\
        ATMを利用しようとした客からは困惑の声が上がった。\n";
    assert_org(
        text,
        "https://news.example.jp/articles/20240308/k1",
        "みどり銀行",
    );
}

#[test]
fn a_status_host_is_named_without_its_status_word() {
    // "status-nordlicht.de": the page speaks as its owner, whose name is the host's other part
    let text = "Stellungnahme zum Zwischenfall im Rechenzentrum vom 09.10.2025\n\n\
        Sehr geehrte Damen und Herren,\n\n\
        nachdem gestern der Normalbetrieb wiederhergestellt war, haben wir eine Analyse des Vorfalls \
        begonnen. In einem unserer USV-Räume kam es zu einem Brand. Dank unserer Redundanz waren nur \
        einzelne Kundensysteme betroffen.\n\n\
        Wir weisen darauf hin, dass unsere Analysen noch laufen. Die Angabe zur Ursache, die wir \
        gestern gemacht haben, ziehen wir zurück.\n\n\
        Allen Kunden bitten wir um Entschuldigung. Verfügbarkeit hat für uns oberste Priorität.\n";
    let (got, _) = org_of(text, "https://status-nordlicht.de/stellungnahme");
    assert_eq!(got, "Nordlicht");
}

#[test]
fn an_update_stamp_before_a_colon_is_no_name() {
    // "date 2017-11 Update 11h00 : …" is a live blog's stamp, not the organisation
    let text = "date 2017-11 Update 11h00 : « Des incidents ont été détectés ce matin », indique le support de Hébergix sur Twitter.\n\n\
        Update 10h50 : selon Hébergix, une des arrivées électriques est réparée.\n\n\
        Hébergix a confirmé que plusieurs services restaient perturbés.\n";
    let (got, _) = org_of(
        text,
        "https://www.example.fr/actualites/panne-hebergix-12345.html",
    );
    assert!(!got.contains("Update") && !got.contains("2017"), "{got}");
}

#[test]
fn a_japanese_notice_names_the_service_its_greeting_thanks_for_using() {
    // "日頃よりXをお使いいただき": the notice's own greeting names it, Latin-script or not; "時点"
    // (as of) is never a name
    let text = "お客様各位\n日頃よりLumaHostをお使いいただき、心より御礼申し上げます。\n\
        2022年4月12日(火) 17時頃 ~ 21時40分頃まで起きておりました障害についてご案内いたします。\n\
        ※回復したと判断した時点は、監視サーバのログから算出したものです。現時点で判明しているのは以上です。\n";
    assert_org(text, "https://support.example.jp/?p=696", "LumaHost");
}

#[test]
fn a_chinese_notice_word_industry_talk_or_conjunction_names_no_organisation() {
    // "公告称" (the notice said), "业内称" (the industry says), "不过" (but): the words before a
    // report verb are not always a speaker with a name
    let text = "云雀游戏服务器故障 业内称系运营商网络问题\n\n\
        3月3日晚，云雀游戏旗下多款产品出现玩家无法登录的情况。公告称，自3月3日22时起，由于运营商网络故障，部分玩家无法登录。\
        业内称，此类故障多与运营商骨干网有关。不过，云雀游戏表示，受影响的服务已陆续恢复。\
        公告称，补偿将于近日发放。不过，业内称此次影响范围有限。\n";
    assert_org(
        text,
        "https://www.example-tech.cn/news/2025-03/04/5521.html",
        "云雀游戏",
    );
}

#[test]
fn a_rows_label_or_a_word_of_the_story_is_no_organisation() {
    // "Date of Incident:" heads a status page's summary; "今回" (this time) opens a notice's
    // sentence: neither names anyone
    assert_org(
        "Root cause analysis\n\nDate of Incident: Sep 16\nDuration: 2 hours\n\nOn September 15 Acmecloud users could not log in. Acmecloud engineers rolled back the change.\n",
        "https://status.acmecloud.example/incidents/abc",
        "Acmecloud",
    );
    assert_org(
        "通信障害に関するお詫び\n\n今回の障害について、北山ケーブル株式会社よりご報告いたします。今回、回線が切断されました。\n",
        "https://www.kitayama-cable.example.jp/news/0412.html",
        "北山ケーブル",
    );
}
