--
-- PostgreSQL database dump
--

\restrict GtzRvnKGAU4tHt631Kt3kw6fQ1dcuAfhwoZN9e4EFGNbIDgsA2qtay5jYxiovmX

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: legacy_619c8bb; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA legacy_619c8bb;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: events; Type: TABLE; Schema: legacy_619c8bb; Owner: -
--

CREATE TABLE legacy_619c8bb.events (
    room text NOT NULL,
    seq bigint NOT NULL,
    data text NOT NULL,
    stored_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT events_seq_check CHECK ((seq > 0))
);


--
-- Name: schema_version; Type: TABLE; Schema: legacy_619c8bb; Owner: -
--

CREATE TABLE legacy_619c8bb.schema_version (
    version integer NOT NULL
);


--
-- Data for Name: events; Type: TABLE DATA; Schema: legacy_619c8bb; Owner: -
--

COPY legacy_619c8bb.events (room, seq, data, stored_at) FROM stdin;
i9UiLxqm9ERYTCJh	1	{"type":"topword.table_created","seq":1,"room":"i9UiLxqm9ERYTCJh","settings":{"ruleset":"topword-fr","dictionary":null,"turn_seconds":60.0,"bot_seconds":0.0,"scoreless_limit":6,"hints":true},"at":1764000223.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	2	{"type":"topword.player_seated","seq":2,"seat":"s1","name":"Zoé","secret_digest":"e8fabf9f5f5f097fbaf72aa4cb4ae819a76b1eda66fd8fb35be82fadaac7ed3b","at":1764000223.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	3	{"type":"topword.bot_seated","seq":3,"seat":"s2","name":"Bot 1","level":"greedy"}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	4	{"type":"topword.bot_seated","seq":4,"seat":"s3","name":"Bot 2","level":"beginner"}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	5	{"type":"topword.seat_left","seq":5,"seat":"s3"}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	6	{"type":"topword.player_seated","seq":6,"seat":"s4","name":"Léo","secret_digest":"150b05aa5eba5b54a81345a941faf8a46d1c22cfd56b64c70b64c4567d49b698","at":1764000223.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	7	{"type":"topword.seat_left","seq":7,"seat":"s4"}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	8	{"type":"topword.player_seated","seq":8,"seat":"s5","name":"Max","secret_digest":"40b46bb3aead672994847d1b86b5fae7f8887d670b54ff3e0733b414e76af4c8","at":1764000223.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	9	{"type":"topword.settings_changed","seq":9,"settings":{"ruleset":"topword-fr","dictionary":null,"turn_seconds":60.0,"bot_seconds":0.0,"scoreless_limit":6,"hints":true}}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	10	{"type":"topword.game_started","seq":10,"seed":7,"order":["s1","s2","s5"],"start_draws":[[["s1","I"],["s2","L"],["s5","R"]]],"starter":"s1","at":1764000223.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	11	{"type":"topword.played","seq":11,"seat":"s1","move":"E1 ACTONS","points":12,"at":1764000223.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	12	{"type":"topword.played","seq":12,"seat":"s2","move":"F3 UNI","points":12,"at":1764000227.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	13	{"type":"topword.exchanged","seq":13,"seat":"s5","tile":"E","at":1764000227.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	14	{"type":"topword.played","seq":14,"seat":"s1","move":"D4 SUEZ","points":20,"at":1764000227.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	15	{"type":"topword.played","seq":15,"seat":"s2","move":"E1 MURONS","points":10,"at":1764000231.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	16	{"type":"topword.played","seq":16,"seat":"s5","move":"G4 ORDI","points":20,"at":1764000231.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	17	{"type":"topword.passed","seq":17,"seat":"s1","at":1764000291.0,"timed_out":true}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	18	{"type":"topword.played","seq":18,"seat":"s2","move":"1C NUANT","points":14,"at":1764000296.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	19	{"type":"topword.played","seq":19,"seat":"s5","move":"2B AEDE","points":20,"at":1764000296.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	20	{"type":"topword.played","seq":20,"seat":"s1","move":"1C MUFLE","points":20,"at":1764000300.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	21	{"type":"topword.played","seq":21,"seat":"s2","move":"B2 ARPENTAI","points":26,"at":1764000304.0}	2026-12-01 19:41:52.993924+00
i9UiLxqm9ERYTCJh	22	{"type":"topword.played","seq":22,"seat":"s5","move":"1C LUFFA","points":15,"at":1764000304.0}	2026-12-01 19:41:52.993924+00
ucxY4eZIO36RJv6v	1	{"type":"topword.table_created","seq":1,"room":"ucxY4eZIO36RJv6v","settings":{"ruleset":"topword-fr","dictionary":null,"turn_seconds":null,"bot_seconds":1.0,"scoreless_limit":2,"hints":false},"at":1764000308.0}	2026-12-01 19:41:52.995502+00
ucxY4eZIO36RJv6v	2	{"type":"topword.player_seated","seq":2,"seat":"s1","name":"Ana","secret_digest":"e27f3a27510615cee9a0230ec9cce49503c931a7a70429dbc858f34842311d18","at":1764000308.0}	2026-12-01 19:41:52.995502+00
ucxY4eZIO36RJv6v	3	{"type":"topword.player_seated","seq":3,"seat":"s2","name":"Bob","secret_digest":"cd19b1cf457bc8f1275b86460118a47102d934fedd9295b780d041c828fc21e2","at":1764000308.0}	2026-12-01 19:41:52.995502+00
ucxY4eZIO36RJv6v	4	{"type":"topword.game_started","seq":4,"seed":9,"order":["s1","s2"],"start_draws":[[["s1","O"],["s2","E"]]],"starter":"s2","at":1764000308.0}	2026-12-01 19:41:52.995502+00
ucxY4eZIO36RJv6v	5	{"type":"topword.passed","seq":5,"seat":"s2","at":1764000308.0,"timed_out":false}	2026-12-01 19:41:52.995502+00
ucxY4eZIO36RJv6v	6	{"type":"topword.passed","seq":6,"seat":"s1","at":1764000308.0,"timed_out":false}	2026-12-01 19:41:52.995502+00
ucxY4eZIO36RJv6v	7	{"type":"topword.game_ended","seq":7,"reason":"scoreless_limit","scores":[-35,-35],"winners":["s1","s2"]}	2026-12-01 19:41:52.995502+00
w6YN3Qo-X-R0-ipq	1	{"type":"boggle.room_created","seq":1,"room":"w6YN3Qo-X-R0-ipq","settings":{"preset":"classic-fr","dictionary":null,"duration":null,"min_length":null,"invalid_penalty":1,"word_at_deadline_counts":null,"verify_at_end":false,"rounds":2,"target":null,"extra_round_on_tie":true,"seeds":[],"origin":null},"at":1764000000.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	2	{"type":"boggle.player_joined","seq":2,"seat":"s1","name":"Ana","secret_digest":"e27f3a27510615cee9a0230ec9cce49503c931a7a70429dbc858f34842311d18","at":1764000000.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	3	{"type":"boggle.player_joined","seq":3,"seat":"s2","name":"Bob","secret_digest":"cd19b1cf457bc8f1275b86460118a47102d934fedd9295b780d041c828fc21e2","at":1764000000.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	4	{"type":"boggle.bot_added","seq":4,"seat":"s3","name":"Bot 1","level":"beginner"}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	5	{"type":"boggle.bot_added","seq":5,"seat":"s4","name":"Robot","level":"expert"}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	6	{"type":"boggle.bot_removed","seq":6,"seat":"s4"}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	7	{"type":"boggle.settings_changed","seq":7,"settings":{"preset":"classic-fr","dictionary":null,"duration":120.0,"min_length":null,"invalid_penalty":0,"word_at_deadline_counts":null,"verify_at_end":false,"rounds":2,"target":null,"extra_round_on_tie":true,"seeds":[42],"origin":"abcdefghijklmnop"}}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	8	{"type":"boggle.ready_changed","seq":8,"seat":"s2","ready":true}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	9	{"type":"boggle.round_started","seq":9,"number":1,"seed":42,"grid":"FERO/TITU/AOXN/DWKY","start":1764000000.0,"deadline":1764000120.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	10	{"type":"boggle.word_written","seq":10,"seat":"s1","text":"ado","at":1764000003.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	11	{"type":"boggle.word_written","seq":11,"seat":"s2","text":"aie","at":1764000006.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	12	{"type":"boggle.word_written","seq":12,"seat":"s1","text":"air","at":1764000009.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	13	{"type":"boggle.word_written","seq":13,"seat":"s2","text":"aire","at":1764000012.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	14	{"type":"boggle.word_written","seq":14,"seat":"s3","text":"ota","at":1764000013.7}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	15	{"type":"boggle.word_written","seq":15,"seat":"s1","text":"ait","at":1764000015.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	16	{"type":"boggle.word_written","seq":16,"seat":"s2","text":"aitre","at":1764000018.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	17	{"type":"boggle.word_written","seq":17,"seat":"s2","text":"ADO","at":1764000018.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	18	{"type":"boggle.word_written","seq":18,"seat":"s1","text":"zzzq","at":1764000018.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	19	{"type":"boggle.word_written","seq":19,"seat":"s3","text":"air","at":1764000020.7}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	20	{"type":"boggle.word_written","seq":20,"seat":"s3","text":"tir","at":1764000039.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	21	{"type":"boggle.word_written","seq":21,"seat":"s3","text":"rie","at":1764000051.1}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	22	{"type":"boggle.word_written","seq":22,"seat":"s3","text":"tao","at":1764000057.2}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	23	{"type":"boggle.word_written","seq":23,"seat":"s3","text":"dot","at":1764000079.5}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	24	{"type":"boggle.word_written","seq":24,"seat":"s3","text":"tri","at":1764000088.9}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	25	{"type":"boggle.round_ended","seq":25,"number":1,"at":1764000120.0,"stopped":false}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	26	{"type":"boggle.round_started","seq":26,"number":2,"seed":43,"grid":"VARC/ALLI/AFQuV/EDUO","start":1764000218.0,"deadline":1764000338.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	27	{"type":"boggle.word_written","seq":27,"seat":"s2","text":"les","at":1764000223.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	28	{"type":"boggle.round_ended","seq":28,"number":2,"at":1764000223.0,"stopped":true}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	29	{"type":"boggle.match_ended","seq":29,"winners":["s3"]}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	30	{"type":"boggle.player_left","seq":30,"seat":"s2","at":1764000223.0}	2026-12-01 19:41:52.996806+00
w6YN3Qo-X-R0-ipq	31	{"type":"boggle.match_reset","seq":31}	2026-12-01 19:41:52.996806+00
\.


--
-- Data for Name: schema_version; Type: TABLE DATA; Schema: legacy_619c8bb; Owner: -
--

COPY legacy_619c8bb.schema_version (version) FROM stdin;
1
\.


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: legacy_619c8bb; Owner: -
--

ALTER TABLE ONLY legacy_619c8bb.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (room, seq);


--
-- Name: events_rooms; Type: INDEX; Schema: legacy_619c8bb; Owner: -
--

CREATE INDEX events_rooms ON legacy_619c8bb.events USING btree (room) WHERE (seq = 1);


--
-- PostgreSQL database dump complete
--

\unrestrict GtzRvnKGAU4tHt631Kt3kw6fQ1dcuAfhwoZN9e4EFGNbIDgsA2qtay5jYxiovmX

