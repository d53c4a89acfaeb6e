package floor

import (
	"math"
	"math/bits"

	"github.com/shopspring/decimal"
)

// This file holds the operations every derived figure is made of: a product
// over a product, its ceiling, and a mean. Each has a fast path in 128-bit
// integers for the common case (positive operands with coefficients of at
// most 18 digits), so a full ranking allocates little, and each gives exactly
// what the decimal package gives: the tests compare the two.

// QuotientDigits is the precision of every division in the calculation: a
// quotient keeps at least QuotientDigits significant digits (and at most three
// more), rounded half away from zero. That is far below anything displayed;
// rounding for people happens only in the Format functions.
const QuotientDigits = 16

// pow10u holds 10^0 … 10^19, the powers of ten that fit in a uint64.
var pow10u = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

var one = decimal.NewFromInt(1)

// operand is a decimal with what quo needs of it read once: figures reuse
// their operands across many quotients.
type operand struct {
	d   decimal.Decimal
	c   uint64 // the coefficient, when fits
	e   int32  // the exponent
	mag int32  // the power of ten of the leading digit
	// fits reports d positive with a coefficient of at most 18 digits.
	fits bool
}

// op reads d into an operand.
func op(d decimal.Decimal) operand {
	o := operand{d: d, e: d.Exponent(), mag: magnitude(d)}
	if d.Sign() > 0 && d.NumDigits() <= 18 {
		o.c, o.fits = uint64(d.CoefficientInt64()), true
	}
	return o
}

var opOne = op(one)

// quo returns x×y/(z×w) for positive operands, rounded half away from zero at
// the decimal place quotientPlaces chooses: exactly
// x.Mul(y).DivRound(z.Mul(w), quotientPlaces(x, y, z, w)).
func quo(x, y, z, w operand) decimal.Decimal {
	places := quotientPlaces(x, y, z, w)
	if q, ok := quo128(x, y, z, w, places, false); ok {
		return decimal.New(q, -places)
	}
	return x.d.Mul(y.d).DivRound(z.d.Mul(w.d), places)
}

// ceilQuo returns x/(z×w) rounded up to a whole number, for positive
// operands whose quotient fits in an int64.
func ceilQuo(x, z, w operand) int64 {
	if q, ok := quo128(x, opOne, z, w, 0, true); ok {
		return q
	}
	q, r := x.d.QuoRem(z.d.Mul(w.d), 0)
	if r.Sign() > 0 {
		q = q.Add(one)
	}
	return q.IntPart()
}

// quotientPlaces returns the decimal place at which x×y/(z×w) is rounded,
// judged from the operands' magnitudes alone so that both paths of quo agree:
// with S = mag(x)+mag(y)-mag(z)-mag(w), the quotient's leading digit is at
// 10^(S-2) … 10^(S+1), so QuotientDigits+1-S places keep QuotientDigits to
// QuotientDigits+3 significant digits.
func quotientPlaces(x, y, z, w operand) int32 {
	return QuotientDigits + 1 - (x.mag + y.mag - z.mag - w.mag)
}

// quo128 computes x×y/(z×w)×10^places, rounded half away from zero or, with
// ceil, up, in 128-bit integers. ok is false when an operand does not fit or
// an intermediate or the result does not fit.
func quo128(x, y, z, w operand, places int32, ceil bool) (q int64, ok bool) {
	if !x.fits || !y.fits || !z.fits || !w.fits {
		return q, false
	}
	ch, c := bits.Mul64(z.c, w.c)
	if ch != 0 || c > math.MaxInt64 {
		return q, false
	}
	// x×y/(z×w) = a×b×10^(ex+ey-ez-ew)/c, so at places decimal places the
	// quotient is a×b×10^k/c.
	k := int(x.e) + int(y.e) - int(z.e) - int(w.e) + int(places)
	if k < 0 {
		return q, false
	}
	hi, lo := bits.Mul64(x.c, y.c)
	for k > 0 {
		s := min(k, 19)
		if hi, lo, ok = mul128(hi, lo, pow10u[s]); !ok {
			return q, false
		}
		k -= s
	}
	if hi >= c { // the quotient would not fit in 64 bits
		return q, false
	}
	qlo, r := bits.Div64(hi, lo, c)
	if ceil && r > 0 || !ceil && r >= c-r { // c-r ≤ r: twice the remainder reaches c
		qlo++
	}
	if qlo > math.MaxInt64 {
		return q, false
	}
	return int64(qlo), true
}

// mul128 returns (hi, lo)×m, ok false on overflow.
func mul128(hi, lo, m uint64) (uint64, uint64, bool) {
	h1, l1 := bits.Mul64(lo, m)
	h2, l2 := bits.Mul64(hi, m)
	if h2 != 0 {
		return 0, 0, false
	}
	h, carry := bits.Add64(h1, l2, 0)
	if carry != 0 {
		return 0, 0, false
	}
	return h, l1, true
}

var half = decimal.New(5, -1)

// mean returns (x+y)/2 exactly (halving a decimal terminates), in 128-bit
// integers when x and y fit.
func mean(x, y operand) decimal.Decimal {
	if x.fits && y.fits {
		// Bring both to the smaller exponent e; then (x+y)/2 = (a+b)×5×10^(e-1).
		a, b, e := x.c, y.c, x.e
		if d := int(x.e) - int(y.e); d > 0 && d <= 19 {
			a, e = a*pow10u[d], y.e
			if a/pow10u[d] != x.c {
				return x.d.Add(y.d).Mul(half)
			}
		} else if d < 0 && d >= -19 {
			b = b * pow10u[-d]
			if b/pow10u[-d] != y.c {
				return x.d.Add(y.d).Mul(half)
			}
		} else if d != 0 {
			return x.d.Add(y.d).Mul(half)
		}
		if hi, lo := bits.Mul64(a+b, 5); hi == 0 && lo <= math.MaxInt64 && a+b >= a {
			return decimal.New(int64(lo), e-1)
		}
	}
	return x.d.Add(y.d).Mul(half)
}
