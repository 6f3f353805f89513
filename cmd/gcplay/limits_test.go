package main

// Input limits (issue 10 §4): a scenario larger than --max-input-bytes, an endless stdin,
// absurd flag values and names full of control characters all end in one printable line.

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode"
)

// endless is a stdin that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

func TestInputSizeLimit(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"sim", "-f", "-"}, endless{}, &out, &errOut)
	wantOneLine(t, code, out.String(), errOut.String(), []string{"<stdin>", "larger than 64 MiB (67108864 bytes)", "--max-input-bytes"})
	if _, err := os.Stat("/dev/zero"); err == nil {
		code, stdout, stderr := runCLI(t, "", "sim", "-f", "/dev/zero", "--max-input-bytes", "4096")
		wantOneLine(t, code, stdout, stderr, []string{"/dev/zero", "larger than 4096 bytes"})
	}
	file := writeScenario(t, "chain.yaml", chain)
	code, stdout, stderr := runCLI(t, "", "sim", "-f", file, "--max-input-bytes", "100")
	wantOneLine(t, code, stdout, stderr, []string{file, "larger than 100 bytes"})
	code, _, stderr = runCLI(t, "", "sim", "-f", file, "--max-input-bytes", "100000")
	wantSuccess(t, code, stderr)
	code, _, stderr = runCLI(t, chain, "dot", "-f", "-", "--max-input-bytes", "10")
	wantOneLine(t, code, "", stderr, []string{"<stdin>", "larger than 10 bytes"})
}

func TestNumericFlagBounds(t *testing.T) {
	file := writeScenario(t, "chain.yaml", chain)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--workers", "2147483647"}, "--workers 2147483647: want 1 to 10000"},
		{[]string{"--workers", "10001"}, "--workers 10001: want 1 to 10000"},
		{[]string{"--workers", "99999999999999999999"}, "value out of range"},
		{[]string{"--max-input-bytes", "0"}, "--max-input-bytes 0: want 1 or more"},
		{[]string{"--max-ticks", "-1"}, "--max-ticks -1: want 0 or more"},
		{[]string{"--informer-delay", "-1"}, "--informer-delay -1: want 0 or more"},
		{[]string{"--controller-informer-delay", "-1"}, "--controller-informer-delay -1: want 0 or more"},
		{[]string{"--seed", "-1"}, "invalid value"},
	} {
		code, stdout, stderr := runCLI(t, "", append([]string{"sim", "-f", file}, tc.args...)...)
		wantOneLine(t, code, stdout, stderr, []string{tc.want})
	}
	code, _, stderr := runCLI(t, "", "sim", "-f", file, "--workers", "10000")
	wantSuccess(t, code, stderr)
	// A huge informer delay only makes the run fail at --max-ticks.
	code, stdout, stderr := runCLI(t, "", "sim", "-f", file, "--informer-delay", "2147483647", "--max-ticks", "1000")
	wantOneLine(t, code, stdout, stderr, []string{"not idle by tick 1000"})
}

// TestErrorsArePrintable: names with a newline, a carriage return, a terminal escape or a
// bidi override reach stderr quoted, as one line with no control character.
func TestErrorsArePrintable(t *testing.T) {
	for _, bad := range []string{`a\nb`, `a\rb`, `\e[2J\e[31mred`, `a\u202eb`} {
		q := `"` + bad + `"`
		for _, y := range []string{
			"objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: " + q + "}}]",
			"objects: [{apiVersion: v1, kind: " + q + ", metadata: {name: x}}]",
			"steps: [{delete: {apiVersion: v1, kind: ConfigMap, name: " + q + "}}]",
			"steps: [{" + q + ": 1}]",
			"resources: [{apiVersion: example.com/v1, kind: " + q + "}]",
			q + ": 1\n" + q + ": 2",
		} {
			code, stdout, stderr := runCLI(t, y, "sim", "-f", "-")
			wantOneLine(t, code, stdout, stderr, nil)
			for _, r := range strings.TrimSuffix(stderr, "\n") {
				if !unicode.IsPrint(r) && r != ' ' {
					t.Errorf("%q: stderr holds %U: %q", y, r, stderr)
				}
			}
		}
	}
	code, stdout, stderr := runCLI(t, "", "sim", "-f", "no\x1b[31m\nsuch.yaml")
	wantOneLine(t, code, stdout, stderr, []string{`no\x1b[31m such.yaml`})
}

// TestMaxInputBytesAtInt64Max: the largest limit reads the file (limit+1 overflowed to a
// negative count: nothing was read, and an empty List came out with exit 0).
func TestMaxInputBytesAtInt64Max(t *testing.T) {
	file := writeScenario(t, "kept.yaml", "objects: [{apiVersion: v1, kind: ConfigMap, metadata: {name: kept}}]\n")
	code, stdout, stderr := runCLI(t, "", "sim", "-f", file, "--max-input-bytes", "9223372036854775807")
	wantSuccess(t, code, stderr)
	if !strings.Contains(stdout, "name: kept") {
		t.Errorf("the scenario was not read: %s", stdout)
	}
}
